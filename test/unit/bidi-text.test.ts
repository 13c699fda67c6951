/**
 * Bidirectional controls never reach the database through a free-text field: every string field of every request
 * body schema is tried with U+202E/U+2066 inside, and none may come out with them (fields that refuse the value,
 * such as IDs and enums, are fine). Name-like fields also lose LRM/RLM/ALM; prose keeps them.
 */
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { stripBidiControls } from "../../worker/lib/normalize";
import { createFeeSchema, addPaymentSchema, updateFeeSchema } from "../../worker/contracts/fees";
import { newsInputSchema } from "../../worker/contracts/news";
import { selectBodySchema } from "../../worker/contracts/public-selection";
import { resultBodySchema, subjectScoreSchema, publicationBodySchema } from "../../worker/contracts/results";
import {
  deleteAllBodySchema,
  periodCreateSchema,
  periodUpdateSchema,
  subjectCreateSchema,
  subjectUpdateSchema,
  teacherCreateSchema,
  teacherUpdateSchema,
} from "../../worker/contracts/selection-admin";
import { createStudentSchema, studentFormSchema, updateStudentSchema } from "../../worker/contracts/students";

const student = {
  student_no: "30001010000001",
  full_name: "أحمد علي",
  nationality: "Egyptian",
  religion: "Muslim",
  current_grade: "Prep-3",
  building_no: 1,
};
const period = { period_name: "Term 1", start_date: "2026-09-01T08:00:00Z", end_date: "2026-09-30T08:00:00Z" };
const teacher = { full_name: "Mona", subject_name: "Math" };
const score = { subject_name: "Mathematics", score: 80, max_score: 100, remarks: "ok" };

/** [name, schema, a valid body, its free-text fields as "plain" | "prose"]. */
const BODIES: Array<[string, ZodType, Record<string, unknown>, Record<string, "plain" | "prose">]> = [
  ["createStudent", createStudentSchema, student, { full_name: "plain", nationality: "plain", religion: "plain" }],
  ["updateStudent", updateStudentSchema, student, { full_name: "plain", nationality: "plain", religion: "plain" }],
  [
    "studentForm",
    studentFormSchema,
    { studentId: student.student_no, name: "x", nationality: "Egyptian", religion: "", grade: "Prep-3", building: 1 },
    { name: "plain", nationality: "plain", religion: "plain" },
  ],
  [
    "news",
    newsInputSchema,
    { title: "t", content: "c", status: "draft", summary: "s", author_name: "a", image_url: "https://x.test/a.png" },
    { title: "plain", content: "prose", summary: "prose", author_name: "plain" },
  ],
  ["subjectCreate", subjectCreateSchema, { name: "Math", description: "d" }, { name: "plain", description: "prose" }],
  ["subjectUpdate", subjectUpdateSchema, { name: "Math", description: "d" }, { name: "plain", description: "prose" }],
  ["teacherCreate", teacherCreateSchema, teacher, { full_name: "plain", subject_name: "plain" }],
  ["teacherUpdate", teacherUpdateSchema, teacher, { full_name: "plain", subject_name: "plain" }],
  ["periodCreate", periodCreateSchema, period, { period_name: "plain" }],
  ["periodUpdate", periodUpdateSchema, period, { period_name: "plain" }],
  [
    "result",
    resultBodySchema,
    {
      student_id: student.student_no,
      academic_year_name: "2024-2025",
      semester: "S1",
      subject_scores: [score],
      remarks: "r",
    },
    { remarks: "prose" },
  ],
  ["subjectScore", subjectScoreSchema, score, { remarks: "prose" }],
  ["publication", publicationBodySchema, { academic_year_name: "2024-2025", semester: "S1", is_published: true }, {}],
  [
    "createFee",
    createFeeSchema,
    { student_id: student.student_no, grade: "Prep-3", total_amount: 100, paid_amount: 0 },
    {},
  ],
  ["updateFee", updateFeeSchema, { total_amount: 100, paid_amount: 0 }, {}],
  ["addPayment", addPaymentSchema, { payment_amount: 10 }, {}],
  ["select", selectBodySchema, { student_id: student.student_no, selections: [{ teacher_id: 1, subject_id: 1 }] }, {}],
  ["deleteAll", deleteAllBodySchema, { student_id: student.student_no }, {}],
];

const SPOOF = "Ab\u202eCd\u2066Ef\u2069\u200fGh\u061c";
/** Fields that are identifiers, not free text: normalised (controls removed) by their own schema. */
const IDS = new Set(["student_no", "studentId", "student_id"]);

describe("bidirectional controls in request bodies", () => {
  it.each(BODIES)("%s: every valid body parses (the fixture is right)", (_name, schema, body) => {
    expect(schema.safeParse(body).success).toBe(true);
  });

  it.each(BODIES)("%s: no string field keeps U+202A-U+202E or U+2066-U+2069", (_name, schema, body, free) => {
    for (const key of Object.keys(body)) {
      const parsed = schema.safeParse({ ...body, [key]: SPOOF });
      if (!parsed.success) continue; // an ID, an enum, a number: refused as a whole
      const out = (parsed.data as Record<string, unknown>)[key];
      if (typeof out !== "string") continue;
      expect(out, key).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
      if (IDS.has(key)) continue;
      expect(free[key], `${key} takes free text but is not listed`).toBeDefined();
      expect(out, key).toBe(free[key] === "prose" ? "AbCdEf\u200fGh\u061c" : "AbCdEfGh");
    }
  });
});

describe("stripBidiControls", () => {
  it("removes overrides, embeddings and isolates; marks only for name-like text", () => {
    expect(stripBidiControls("\u202eدمحأ\u202c")).toBe("دمحأ");
    expect(stripBidiControls("C++\u200f في المدرسة", true)).toBe("C++\u200f في المدرسة");
    expect(stripBidiControls("علي\u200f")).toBe("علي");
    expect(stripBidiControls("plain text")).toBe("plain text");
  });
});
