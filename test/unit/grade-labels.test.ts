/**
 * One grade parser wherever a grade is read (docs/product.md#accepted-grade-labels): every label the product
 * writes (the consoles' names in both languages, the prints' Arabic-Indic digits) reads back as its grade, with the
 * usual Arabic spelling variants, in the import rows, the CSV/list filters and the print pages' query.
 */
import { describe, expect, it } from "vitest";
import { GRADES } from "../../worker/lib/school-grades";
import { GRADE_LABELS_AR, parseGrade } from "../../worker/lib/grade-labels";
import { createStudentSchema, listStudentsQuerySchema } from "../../worker/contracts/students";
import { createFeeSchema, listFeesQuerySchema } from "../../worker/contracts/fees";
import { resultBodySchema } from "../../worker/contracts/results";
import { batchQuery } from "../../web/features/print/print-query";
import ar from "../../web/i18n/ar";
import en from "../../web/i18n/en";

const arabicDigits = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

describe("parseGrade", () => {
  it("reads back every grade label the consoles write, in both languages", () => {
    for (const dict of [ar, en]) {
      const labels = dict.admin.grades as Record<string, string>;
      for (const g of GRADES) expect(parseGrade(labels[g]!), `${labels[g]}`).toBe(g);
    }
    for (const g of GRADES) expect(parseGrade(arabicDigits(GRADE_LABELS_AR[g]))).toBe(g);
  });

  it("takes the usual spelling variants and forms", () => {
    expect(parseGrade("الصف الاول الاعدادى")).toBe("Prep-1");
    expect(parseGrade("الصف الأول الإعدادي")).toBe("Prep-1");
    expect(parseGrade("الصف الثالث الإعدادى")).toBe("Prep-3");
    expect(parseGrade("الأول الابتدائى")).toBe("Primary-1");
    expect(parseGrade("رياض الاطفال ٢")).toBe("KG-2");
    expect(parseGrade("رياض الأطفال ۱")).toBe("KG-1");
    expect(parseGrade(" prep 3 ")).toBe("Prep-3");
    expect(parseGrade("PRIMARY_6")).toBe("Primary-6");
    expect(parseGrade("kg1")).toBe("KG-1");
    expect(parseGrade("خاص")).toBe("Private");
    expect(parseGrade("الصف العاشر")).toBeUndefined();
    expect(parseGrade("")).toBeUndefined();
  });
});

describe("every place a grade is read", () => {
  it("accepts Arabic labels in student, fee and result rows", () => {
    const student = createStudentSchema.parse({
      student_no: "31001310119461",
      full_name: "أحمد",
      nationality: "مصري",
      current_grade: "الصف الأول الإعدادي",
      building_no: 1,
    });
    expect(student.current_grade).toBe("Prep-1");
    const fee = createFeeSchema.parse({
      student_id: "31001310119461",
      grade: "الصف الثاني الاعدادى",
      total_amount: 1,
      paid_amount: 0,
    });
    expect(fee.grade).toBe("Prep-2");
    const result = resultBodySchema.parse({
      student_id: "31001310119461",
      academic_year_name: "2024-2025",
      semester: "S1",
      grade: "رياض الأطفال ١",
      subject_scores: [{ subject_name: "Mathematics", score: 1 }],
    });
    expect(result.grade).toBe("KG-1");
  });

  it("accepts them in list filters (CSV exports) and in the print pages' query", () => {
    expect(listStudentsQuerySchema.parse({ grade: "الصف الثالث الإعدادي" }).grade).toBe("Prep-3");
    expect(listFeesQuerySchema.parse({ grade: "prep 3" }).grade).toBe("Prep-3");
    expect(listStudentsQuerySchema.parse({ grade: "All" }).grade).toBeUndefined();
    expect(listStudentsQuerySchema.safeParse({ grade: "Grade 9" }).success).toBe(false);
    const url = new URL("http://x/admin/print/report-cards?academic_year_name=2024-2025&semester=S1");
    url.searchParams.set("grade", "الصف الثالث الإعدادى");
    expect(batchQuery(url).grade).toBe("Prep-3");
  });
});
