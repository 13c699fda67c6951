/**
 * The Fees and Students CSV rows write labels in the admin's language, never raw API values such as
 * `partially_paid` (docs/product.md#csv-exports).
 */
import { describe, expect, it } from "vitest";
import { createI18n } from "../../web/i18n";
import ar from "../../web/i18n/ar";
import en from "../../web/i18n/en";
import { feesCsvRows } from "../../web/features/fees/admin/fees-csv";
import { studentCsvRow } from "../../web/features/students/admin/students-csv";
import type { FeeRecord } from "../../web/features/fees/admin/fees-api";
import type { Student } from "../../web/features/students/admin/student-types";

const tEn = createI18n("en", en).t;
const tAr = createI18n("ar", ar).t;

const fee = (status: FeeRecord["status"], total: number, paid: number) =>
  ({
    student_no: "30001010100011",
    full_name: "منى",
    grade: "Prep-3",
    total_amount: total,
    paid_amount: paid,
    remaining: total - paid,
    status,
  }) as FeeRecord;

describe("fees CSV", () => {
  it("writes each status as its label in the admin's language; amounts stay numbers", () => {
    const fees = [fee("paid", 100, 100), fee("partially_paid", 12_000, 4_500.5), fee("not_paid", 50, 0)];
    const en = feesCsvRows(fees, tEn);
    expect(en.slice(1).map((r) => r[7])).toEqual(["Paid", "Partially paid", "Not paid"]);
    expect(en[2]!.slice(4, 7)).toEqual([12_000, 4_500.5, 7_499.5]);
    const ar = feesCsvRows(fees, tAr);
    expect(ar.slice(1).map((r) => r[7])).toEqual(["مدفوع", "مدفوع جزئيًا", "غير مدفوع"]);
    expect(ar.flat().join("|")).not.toMatch(/partially_paid|not_paid/);
  });
});

describe("students CSV", () => {
  it("writes gender and status as labels in the admin's language", () => {
    const s = {
      full_name: "Ali",
      student_no: "A12345",
      nationality: "Egyptian",
      religion: null,
      current_grade: "Prep-3",
      building_no: 5,
      gender: "female",
      is_active: false,
    } as unknown as Student;
    expect(studentCsvRow(s, tEn).slice(6, 8)).toEqual(["Female", "Inactive"]);
    expect(studentCsvRow(s, tAr).slice(6, 8)).toEqual(["أنثى", "غير نشط"]);
    // No guardians: their three slots of five columns stay empty; no year named: the year and section cells too.
    expect(studentCsvRow(s, tEn).slice(8)).toEqual(Array(17).fill(""));
    // Another year's export: that year's grade, building and section, and the year.
    const enrolment = {
      student_no: "A12345",
      grade: "Prep-2",
      building_no: 3,
      section: "2/1",
      outcome: "promoted",
    } as const;
    const row = studentCsvRow(s, tEn, { year: "2020-2021", enrolment });
    expect([row[4], row[5], ...row.slice(-2)]).toEqual(["Prep-2", 3, "2020-2021", "2/1"]);
  });
});
