/**
 * The web side of the add/edit student form (docs/product.md#students: form names and field rules). The rules and texts
 * are the API's own (`studentFormSchema` in worker/contracts/students.ts, shared with the server); this module adds
 * what the inputs need: string field values, the defaults (status active, gender male), the values of an existing
 * student. Its messages are reasons (worker/reasons.ts), shown in the admin's language by web/lib/reason-text.ts.
 */
import type { Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { guardiansSchema } from "@worker/contracts/guardians";
import { studentFormSchema, studentFormToBody } from "@worker/contracts/students";
import type { z } from "zod";
import type { Student, StudentBody } from "./student-types";

/**
 * The dialog's schema: the student form plus its 0-3 guardians with the API's own rules (a number that does not read
 * is PHONE_INVALID on `guardians.N.phone`, the row it belongs to).
 */
export const studentDialogSchema = studentFormSchema.extend({ guardians: guardiansSchema });
export type StudentDialogValues = z.output<typeof studentDialogSchema>;

/** One guardian row of the form. */
export interface GuardianFormFields {
  full_name: string;
  /** "" until the office chooses: no relation is assumed. */
  relation: "" | "father" | "mother" | "guardian";
  phone: string;
  language: "ar" | "en";
  whatsapp_consent: boolean;
  /** Shown only: set when the guardian replied STOP (not sent). */
  opted_out_at?: string | null;
}

/** A new guardian row: relation not chosen (required), Arabic, no WhatsApp consent until the family gives it. */
export const EMPTY_GUARDIAN: GuardianFormFields = {
  full_name: "",
  relation: "",
  phone: "",
  language: "ar",
  whatsapp_consent: false,
};

/** What the inputs hold: every field as a string ("" = not chosen). */
export interface StudentFormFields {
  studentId: string;
  name: string;
  nationality: string;
  religion: string;
  grade: string;
  building: string;
  /** The current year's class section ("3/2"); "" = none. */
  section: string;
  status: "active" | "inactive";
  gender: "male" | "female";
  guardians: GuardianFormFields[];
}

/** Suggestions for the free-text nationality and religion fields (the values the demo data uses). */
export const NATIONALITY_SUGGESTIONS = ["Egyptian", "Sudanese", "Syrian", "Palestinian", "Jordanian", "Saudi"] as const;
export const RELIGION_SUGGESTIONS = ["Muslim", "Christian"] as const;

/** Stored value → the page's label for it (e.g. "Egyptian" → "مصري"); a value with no label stays as stored. */
export type ChoiceLabels = Readonly<Record<string, string>>;

/** The label a stored nationality or religion shows in the form, as the list shows it. */
export function choiceLabel(value: string, labels: ChoiceLabels): string {
  return labels[value] ?? value;
}

/** The stored value of what the form holds: a known label (or key) becomes its key, so lists stay one spelling. */
export function choiceValue<T extends string | null | undefined>(typed: T, labels: ChoiceLabels): T | string {
  if (!typed) return typed;
  const norm = (v: string) => v.trim().toLocaleLowerCase();
  const hit = Object.entries(labels).find(([key, label]) => norm(key) === norm(typed) || norm(label) === norm(typed));
  return hit ? hit[0] : typed;
}

/** Empty add form: status active, gender male (docs/product.md#students). */
export const EMPTY_STUDENT_FORM: StudentFormFields = {
  studentId: "",
  name: "",
  nationality: "",
  religion: "",
  grade: "",
  building: "",
  section: "",
  status: "active",
  gender: "male",
  guardians: [],
};

/** The form values of an existing student (edit mode). */
export function studentToForm(
  s: Student,
  labels: { nationalities: ChoiceLabels; religions: ChoiceLabels } = { nationalities: {}, religions: {} },
): StudentFormFields {
  return {
    studentId: s.student_no,
    name: s.full_name,
    nationality: choiceLabel(s.nationality, labels.nationalities),
    religion: choiceLabel(s.religion ?? "", labels.religions),
    grade: s.current_grade,
    building: String(s.building_no),
    section: s.section ?? "",
    status: s.is_active ? "active" : "inactive",
    gender: s.gender,
    guardians: (s.guardians ?? []).map((g) => ({
      full_name: g.full_name,
      relation: g.relation,
      phone: g.phone,
      language: g.language,
      whatsapp_consent: g.whatsapp_consent,
      opted_out_at: g.opted_out_at,
    })),
  };
}

/** react-hook-form resolver over the shared schema: string fields in, the schema's parsed values out. */
export const studentFormResolver = zodResolver(studentDialogSchema) as unknown as Resolver<
  StudentFormFields,
  unknown,
  StudentDialogValues
>;

/** The API body of parsed form values (the guardians always sent: the dialog shows them all). */
export function formToStudentBody(
  values: StudentDialogValues,
  labels: { nationalities: ChoiceLabels; religions: ChoiceLabels } = { nationalities: {}, religions: {} },
): StudentBody {
  const body = studentFormToBody(values);
  return {
    ...body,
    nationality: choiceValue(body.nationality, labels.nationalities),
    religion: choiceValue(body.religion, labels.religions),
    guardians: values.guardians,
  };
}
