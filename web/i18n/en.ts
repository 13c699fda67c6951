/** English dictionary: one module per area, merged here under its namespace key. */
import common from "./en/common";
import admin from "./en/admin";
import home from "./en/home";
import students from "./en/students";
import fees from "./en/fees";
import results from "./en/results";
import gradeDemo from "./en/gradeDemo";
import publicResults from "./en/publicResults";
import baseUrl from "./en/baseUrl";
import news from "./en/news";
import selection from "./en/selection";
import courseSelection from "./en/courseSelection";
import audit from "./en/audit";
import errors from "./en/errors";
import importing from "./en/importing";
import staff from "./en/staff";
import pay from "./en/pay";
import messages from "./en/messages";
import onlinePayments from "./en/onlinePayments";
import rollover from "./en/rollover";
import academicYears from "./en/academicYears";
import family from "./en/family";
import familyPay from "./en/familyPay";
import reports from "./en/reports";
import guardians from "./en/guardians";

export default {
  ...common,
  admin,
  home,
  students,
  fees,
  results,
  gradeDemo,
  publicResults,
  baseUrl,
  news,
  selection,
  courseSelection,
  audit,
  errors,
  importing,
  staff,
  pay,
  messages,
  onlinePayments,
  family,
  familyPay,
  guardians,
  rollover,
  academicYears,
  reports,
};
