/**
 * The results forms and the public lookup speak in reasons (docs/product.md#results, #public-results,
 * #per-grade-demo): every message of the admin result schema and of the per-grade demo form is a reason the console
 * phrases in both languages (Arabic subject names included), and the public page picks its modal from the answer's
 * reason and flags, never from its English.
 */
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { publicationBodySchema, resultBodySchema, resultListQuerySchema } from "../../worker/contracts/results";
import { nationalIdParamSchema } from "../../worker/contracts/public-results";
import { parseReason } from "../../worker/reasons";
import { demoResultSchema } from "../../web/features/grade-demo/admin/demo-result.schema";
import { classifyLookupFailure } from "../../web/features/results/public/outcome";
import { createI18n } from "../../web/i18n";
import ar from "../../web/i18n/ar";
import en from "../../web/i18n/en";
import { ApiFailure } from "../../web/lib/api";
import { messageText, reasonText } from "../../web/lib/reason-text";

const tEn = createI18n("en", en).t;
const tAr = createI18n("ar", ar).t;

/** The messages of every issue of `input` under `schema`, in both languages. */
function messagesOf(schema: ZodType, input: unknown) {
  const r = schema.safeParse(input);
  expect(r.success, JSON.stringify(input)).toBe(false);
  const issues = r.success ? [] : r.error.issues;
  return issues.map((i) => ({
    raw: i.message,
    en: messageText(tEn, "en", i.message),
    ar: messageText(tAr, "ar", i.message),
  }));
}

const row = (o: Record<string, unknown> = {}) => ({ subject_name: "Art", score: "7", max_score: "10", ...o });
const result = (o: Record<string, unknown> = {}) => ({
  student_id: "31001310119461",
  academic_year_name: "2024-2025",
  semester: "S1",
  subject_scores: [row()],
  ...o,
});

describe("admin result form", () => {
  it.each<[string, ZodType, unknown, string, string]>([
    ["empty student ID", resultBodySchema, result({ student_id: " " }), "Student ID is required", "رقم الطالب مطلوب"],
    [
      "no academic year",
      resultBodySchema,
      result({ academic_year_name: "" }),
      "Academic Year is required",
      "العام الدراسي مطلوب",
    ],
    ["no semester", resultBodySchema, result({ semester: "" }), "Semester is required", "الفصل الدراسي مطلوب"],
    [
      "no subject rows",
      resultBodySchema,
      result({ subject_scores: [] }),
      "Add at least one subject",
      "أضف مادة واحدة على الأقل",
    ],
    [
      "no subject",
      resultBodySchema,
      result({ subject_scores: [row({ subject_name: "" })] }),
      "Please select a subject",
      "يُرجى اختيار المادة",
    ],
    [
      "no marks",
      resultBodySchema,
      result({ subject_scores: [row({ score: "" })] }),
      "Marks are required",
      "الدرجة مطلوبة",
    ],
    [
      "no total",
      resultBodySchema,
      result({ subject_scores: [row({ max_score: "" })] }),
      "Total is required",
      "النهاية العظمى مطلوبة",
    ],
    [
      "marks above the total",
      resultBodySchema,
      result({ subject_scores: [row({ score: "11" })] }),
      "Marks cannot be more than the total",
      "لا يمكن أن تتجاوز الدرجة النهاية العظمى",
    ],
    [
      "long remarks",
      resultBodySchema,
      result({ remarks: "x".repeat(501) }),
      "Remarks must be at most 500 characters",
      "يجب ألا يزيد طول الملاحظات على ٥٠٠ حرف",
    ],
    [
      "a repeated subject",
      resultBodySchema,
      result({
        subject_scores: [row({ subject_name: "Computer Science" }), row({ subject_name: "Computer Science" })],
      }),
      "Computer Science is listed more than once",
      "المادة الحاسب الآلي مكررة",
    ],
    [
      "a malformed year filter",
      resultListQuerySchema,
      { academic_year_name: "1999-2001" },
      "An academic year is two consecutive years written YYYY-YYYY",
      "العام الدراسي سنتان متتاليتان بالصيغة سنة-سنة",
    ],
    [
      "a publication flag that is not a boolean",
      publicationBodySchema,
      { academic_year_name: "2024-2025", semester: "S1", is_published: "yes" },
      "is_published must be true or false",
      "حالة النشر: القيمة يجب أن تكون صحيحًا أو خطأً",
    ],
    [
      "a national ID with symbols",
      nationalIdParamSchema,
      { nationalId: "' OR 1=1" },
      "Invalid national ID",
      "الرقم القومي يحتوي على أرقام وحروف إنجليزية فقط",
    ],
  ])("%s: a reason, in English and Arabic", (_label, schema, input, english, arabic) => {
    const [first] = messagesOf(schema, input);
    expect(parseReason(first!.raw), first!.raw).not.toBeNull();
    expect(first!.en).toBe(english);
    expect(first!.ar).toBe(arabic);
  });
});

describe("admin result list filter", () => {
  // Years are data (docs/product.md#academic-years-and-rollover): a well-formed year is a valid filter whether or not
  // the school has it (no row matches: the list is empty); only its shape is checked here.
  it("accepts any well-formed year, and no year at all", () => {
    expect(resultListQuerySchema.parse({ academic_year_name: "1999-2000" }).academic_year_name).toBe("1999-2000");
    expect(resultListQuerySchema.parse({ academic_year_name: " 2031-2032 " }).academic_year_name).toBe("2031-2032");
    expect(resultListQuerySchema.parse({ academic_year_name: "" }).academic_year_name).toBeUndefined();
    expect(resultListQuerySchema.parse({}).academic_year_name).toBeUndefined();
  });
});

describe("per-grade demo form (client-only)", () => {
  const empty = { student: "", studentId: "", subject: "", examType: "", marks: "", totalMarks: "", date: "" };

  it("names a reason for every empty field, shown in Arabic", () => {
    const messages = messagesOf(demoResultSchema, empty);
    for (const m of messages) expect(parseReason(m.raw), m.raw).not.toBeNull();
    expect(messages.map((m) => m.ar)).toEqual([
      "اسم الطالب مطلوب",
      "رقم الطالب مطلوب",
      "يُرجى اختيار المادة",
      "نوع الاختبار مطلوب",
      "الدرجة مطلوبة",
      "النهاية العظمى مطلوبة",
      "التاريخ مطلوب",
    ]);
  });

  it("says marks above the total and too long texts with their limits", () => {
    const base = {
      student: "Demo Pupil",
      studentId: "STU-0499",
      subject: "Art",
      examType: "Quiz",
      marks: "21",
      totalMarks: "20",
      date: "2025-03-04",
    };
    expect(messagesOf(demoResultSchema, base).map((m) => m.en)).toEqual(["Marks cannot be more than the total"]);
    const long = messagesOf(demoResultSchema, {
      ...base,
      marks: "2",
      student: "x".repeat(101),
      studentId: "S".repeat(31),
    });
    expect(long.map((m) => m.en)).toEqual([
      "Student name must be at most 100 characters",
      "Student ID must be at most 30 characters",
    ]);
    expect(long.map((m) => m.ar)).toEqual([
      "يجب ألا يزيد طول اسم الطالب على ١٠٠ حرف",
      "يجب ألا يزيد طول رقم الطالب على ٣٠ حرفًا",
    ]);
  });
});

describe("public lookup outcome", () => {
  const failure = (status: number, body: Record<string, unknown>) =>
    new ApiFailure("reworded English the page must not read", status, String(body.code ?? ""), body);

  it("picks the modal by reason and flag, whatever the English says", () => {
    expect(
      classifyLookupFailure(
        failure(403, { code: "FORBIDDEN", reason: "RESULTS_NOT_PUBLISHED", resultsNotPublished: true }),
      ),
    ).toBe("notPublished");
    expect(
      classifyLookupFailure(failure(403, { code: "FORBIDDEN", reason: "RESULTS_FEES_UNPAID", requiresPayment: true })),
    ).toBe("requiresPayment");
    // The flags alone still decide (a server that names no reason yet).
    expect(classifyLookupFailure(failure(403, { code: "FORBIDDEN", resultsNotPublished: true }))).toBe("notPublished");
    expect(classifyLookupFailure(failure(403, { code: "FORBIDDEN", reason: "RESULTS_FEES_UNPAID" }))).toBe(
      "requiresPayment",
    );
    expect(classifyLookupFailure(failure(404, { code: "NOT_FOUND", reason: "RESULTS_NOT_FOUND" }))).toBe("notFound");
    expect(classifyLookupFailure(failure(400, { code: "VALIDATION_FAILED", reason: "NATIONAL_ID_INVALID" }))).toBe(
      "notFound",
    );
    expect(classifyLookupFailure(failure(429, { code: "RATE_LIMITED", reason: "RATE_LIMITED" }))).toBe("rateLimited");
    expect(classifyLookupFailure(failure(503, { code: "SERVICE_UNAVAILABLE", reason: "DATABASE_UNAVAILABLE" }))).toBe(
      "network",
    );
    expect(classifyLookupFailure(new ApiFailure("Failed to fetch", 0))).toBe("network");
  });

  it("never reads the English: the old texts alone decide nothing", () => {
    expect(
      classifyLookupFailure(new ApiFailure("Results not yet published", 403, "FORBIDDEN", { code: "FORBIDDEN" })),
    ).toBe("notFound");
    expect(
      classifyLookupFailure(new ApiFailure("Fees are not fully paid", 403, "FORBIDDEN", { code: "FORBIDDEN" })),
    ).toBe("notFound");
  });
});

describe("a teacher's refusals", () => {
  it("name the subject and the grade in the admin's language (Arabic names on Arabic pages)", () => {
    const params = { subject: "English", grade: "Prep-3" };
    expect(reasonText(tAr, "ar", "TEACHER_NOT_ASSIGNED", params)).toBe(
      "لست مكلّفًا بتدريس اللغة الإنجليزية في الصف الثالث الإعدادي",
    );
    expect(reasonText(tEn, "en", "TEACHER_NOT_ASSIGNED", params)).toBe(
      "You are not assigned to teach English in Prep-3",
    );
    // A name without an Arabic one is shown as stored.
    expect(reasonText(tAr, "ar", "TEACHER_NOT_ASSIGNED", { subject: "Drama", grade: "Year-9" })).toBe(
      "لست مكلّفًا بتدريس Drama في Year-9",
    );
    expect(reasonText(tAr, "ar", "RESULTS_TERM_PUBLISHED")).toBe("درجات فصل منشور لا يغيّرها إلا مدير النظام");
  });
});
