/**
 * Every number field of the console, as one table: what is typed → what is stored (the API schema's output, and the
 * integer hundredths/piastres the database keeps) → what is shown (Intl, both languages), and for bad input the
 * message in both languages (its reason, web/lib/reason-text.ts). The fields use the API's own schemas, as the forms do.
 */
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { addPaymentSchema, egpAmount } from "../../worker/contracts/fees";
import { DEFAULT_MAX_SCORE, maxScoreField, scoreField } from "../../worker/contracts/results";
import { periodCreateSchema, subjectCreateSchema, teacherCreateSchema } from "../../worker/contracts/selection-admin";
import { pageParam } from "../../worker/contracts/students";
import { toHundredths } from "../../worker/lib/typed-number";
import { createI18n } from "../../web/i18n";
import ar from "../../web/i18n/ar";
import en from "../../web/i18n/en";
import { formatEgp, formatNumber } from "../../web/lib/format";
import { messageText } from "../../web/lib/reason-text";

const tEn = createI18n("en", en).t;
const tAr = createI18n("ar", ar).t;

type Show = (v: number, lang: string) => string;
const marks: Show = (v, lang) => formatNumber(v, lang, { maximumFractionDigits: 2 });
const whole: Show = (v, lang) => formatNumber(v, lang);

interface Field {
  name: string;
  schema: ZodType;
  show: Show;
}

const FIELDS: Record<string, Field> = {
  score: { name: "result marks", schema: scoreField, show: marks },
  max: { name: "result total", schema: maxScoreField.default(DEFAULT_MAX_SCORE), show: marks },
  total: { name: "fee total amount", schema: egpAmount("total_amount"), show: formatEgp },
  paid: { name: "fee paid amount", schema: egpAmount("paid_amount"), show: formatEgp },
  payment: { name: "payment entry", schema: addPaymentSchema.shape.payment_amount, show: formatEgp },
  capacity: { name: "teacher capacity", schema: teacherCreateSchema.shape.session_1_capacity, show: whole },
  maxSelections: { name: "subject max selections", schema: subjectCreateSchema.shape.max_selections, show: whole },
  maxSubjects: { name: "period max subjects", schema: periodCreateSchema.shape.max_subjects, show: whole },
  page: { name: "list page number", schema: pageParam, show: whole },
};

/** [field, typed, stored value, stored integer hundredths/piastres, shown in English, shown in Arabic] */
const GOOD: Array<[keyof typeof FIELDS, string, number, number, string, string]> = [
  ["score", "45.5", 45.5, 4550, "45.5", "٤٥٫٥"],
  ["score", "7.5", 7.5, 750, "7.5", "٧٫٥"],
  ["score", "٧٫٥", 7.5, 750, "7.5", "٧٫٥"],
  ["score", "۴۵٫۲۵", 45.25, 4525, "45.25", "٤٥٫٢٥"],
  ["score", "0", 0, 0, "0", "٠"],
  ["max", "50", 50, 5000, "50", "٥٠"],
  ["max", "0.01", 0.01, 1, "0.01", "٠٫٠١"],
  ["max", "١٠٠", 100, 10_000, "100", "١٠٠"],
  ["total", "12,000", 12_000, 1_200_000, "EGP 12,000", "١٢٬٠٠٠ ج.م."],
  ["total", "١٢٬٠٠٠", 12_000, 1_200_000, "EGP 12,000", "١٢٬٠٠٠ ج.م."],
  ["total", "12 000.50", 12_000.5, 1_200_050, "EGP 12,000.50", "١٢٬٠٠٠٫٥٠ ج.م."],
  ["paid", "0", 0, 0, "EGP 0", "٠ ج.م."],
  ["payment", "1,250.75", 1250.75, 125_075, "EGP 1,250.75", "١٬٢٥٠٫٧٥ ج.م."],
  ["payment", "٥٠٠", 500, 50_000, "EGP 500", "٥٠٠ ج.م."],
  ["capacity", "٣٥", 35, 3500, "35", "٣٥"],
  ["capacity", "0", 0, 0, "0", "٠"],
  ["maxSelections", "۵", 5, 500, "5", "٥"],
  ["maxSubjects", "10", 10, 1000, "10", "١٠"],
  ["page", "٣", 3, 300, "3", "٣"],
];

/** [field, typed, English message, Arabic message] */
const BAD: Array<[keyof typeof FIELDS, string, string, string]> = [
  ["score", "1e2", "Marks must be a number", "الدرجة: أدخل رقمًا مثل ٤٥ أو ٤٥٫٥"],
  ["score", "-5", "Marks cannot be negative", "الدرجة: لا يُقبل رقم سالب"],
  ["score", "7.555", "Marks can have at most 2 decimal places", "الدرجة: منزلتان عشريتان على الأكثر"],
  ["score", "7,5", "Marks must be a number", "الدرجة: أدخل رقمًا مثل ٤٥ أو ٤٥٫٥"],
  ["score", "1001", "Marks must be at most 1,000", "الدرجة: أكبر قيمة مقبولة ١٬٠٠٠"],
  ["max", "0", "Total must be at least 0.01", "النهاية العظمى: أقل قيمة مقبولة ٠٫٠١"],
  ["max", "abc", "Total must be a number", "النهاية العظمى: أدخل رقمًا مثل ٤٥ أو ٤٥٫٥"],
  ["total", "1,5", "Total amount must be a number", "إجمالي المصروفات: أدخل رقمًا مثل ٤٥ أو ٤٥٫٥"],
  ["total", "-100", "Total amount cannot be negative", "إجمالي المصروفات: لا يُقبل رقم سالب"],
  ["paid", "10.005", "Paid amount can have at most 2 decimal places", "المبلغ المدفوع: منزلتان عشريتان على الأكثر"],
];

const stored = (schema: ZodType, typed: string) => schema.safeParse(typed);

describe("number fields: typed → stored → shown", () => {
  it.each(GOOD)("%s: %j → %s (%s) → %j / %j", (field, typed, value, integer, shownEn, shownAr) => {
    const f = FIELDS[field]!;
    const r = stored(f.schema, typed);
    expect(r.success, `${f.name}: ${JSON.stringify(r.error?.issues)}`).toBe(true);
    expect(r.data).toBe(value);
    expect(toHundredths(r.data as number)).toBe(integer);
    expect(f.show(value, "en").replace(/\s/g, " ")).toBe(shownEn);
    expect(
      f
        .show(value, "ar")
        .replace(/\u200f/g, "")
        .replace(/\s/g, " "),
    ).toBe(shownAr);
  });

  it.each(BAD)("%s: %j is refused with its message in both languages", (field, typed, messageEn, messageAr) => {
    const r = stored(FIELDS[field]!.schema, typed);
    expect(r.success).toBe(false);
    const message = r.error!.issues[0]!.message;
    expect(messageText(tEn, "en", message)).toBe(messageEn);
    expect(messageText(tAr, "ar", message)).toBe(messageAr);
  });

  it("whole-number fields keep one range message for every kind of bad input", () => {
    for (const typed of ["1e2", "-1", "35.5", "36", "abc"]) {
      const r = stored(FIELDS.capacity!.schema, typed);
      expect(messageText(tEn, "en", r.error?.issues[0]?.message)).toBe(
        "Session 1 capacity must be a whole number between 0 and 35",
      );
    }
    expect(stored(FIELDS.page!.schema, "1e2").success).toBe(false);
    expect(stored(FIELDS.page!.schema, "2.5").success).toBe(false);
  });

  it("a payment must be above zero, with the payment message", () => {
    for (const typed of ["0", "-5", "abc"])
      expect(messageText(tEn, "en", stored(FIELDS.payment!.schema, typed).error?.issues[0]?.message)).toBe(
        "Please enter a valid payment amount",
      );
  });
});
