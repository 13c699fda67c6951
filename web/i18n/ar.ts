/** Arabic dictionary: one module per area, merged here under its namespace key. */
import common from "./ar/common";
import admin from "./ar/admin";
import home from "./ar/home";
import students from "./ar/students";
import fees from "./ar/fees";
import results from "./ar/results";
import gradeDemo from "./ar/gradeDemo";
import publicResults from "./ar/publicResults";
import baseUrl from "./ar/baseUrl";
import news from "./ar/news";
import selection from "./ar/selection";
import courseSelection from "./ar/courseSelection";
import audit from "./ar/audit";
import errors from "./ar/errors";
import importing from "./ar/importing";
import staff from "./ar/staff";
import pay from "./ar/pay";
import messages from "./ar/messages";
import onlinePayments from "./ar/onlinePayments";
import rollover from "./ar/rollover";
import academicYears from "./ar/academicYears";
import family from "./ar/family";
import familyPay from "./ar/familyPay";
import reports from "./ar/reports";
import guardians from "./ar/guardians";

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
