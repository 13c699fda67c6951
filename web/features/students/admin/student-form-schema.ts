/**
 * The web side of the add/edit student form (spec §3 form names, §5 "Student form"). The rules and texts are the
 * API's own (`studentFormSchema` in worker/api/students.schema.ts, shared with the server); this module adds what
 * the inputs need: string field values, the defaults (status active, gender male), the values of an existing
 * student. The i18n keys of the validation texts live in student-messages.ts, which the page loads without zod.
 */
import type { Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  STUDENT_NO_MESSAGE,
  studentFormSchema,
  studentFormToBody,
  type StudentFormValues,
} from "@worker/api/students.schema";
import type { Student, StudentBody } from "./student-types";
import { STUDENT_NO_TEXT } from "./student-messages";

export { studentMessageKey } from "./student-messages";

/** What the inputs hold: every field as a string ("" = not chosen). */
export interface StudentFormFields {
  studentId: string;
  name: string;
  nationality: string;
  religion: string;
  grade: string;
  building: string;
  status: "active" | "inactive";
  gender: "male" | "female";
}

/** Suggestions for the free-text nationality and religion fields (the values the demo data uses). */
export const NATIONALITY_SUGGESTIONS = ["Egyptian", "Sudanese", "Syrian", "Palestinian", "Jordanian", "Saudi"] as const;
export const RELIGION_SUGGESTIONS = ["Muslim", "Christian"] as const;

/** Empty add form: status active, gender male (spec §5). */
export const EMPTY_STUDENT_FORM: StudentFormFields = {
  studentId: "",
  name: "",
  nationality: "",
  religion: "",
  grade: "",
  building: "",
  status: "active",
  gender: "male",
};

/** The form values of an existing student (edit mode). */
export function studentToForm(s: Student): StudentFormFields {
  return {
    studentId: s.student_no,
    name: s.full_name,
    nationality: s.nationality,
    religion: s.religion ?? "",
    grade: s.current_grade,
    building: String(s.building_no),
    status: s.is_active ? "active" : "inactive",
    gender: s.gender,
  };
}

/** react-hook-form resolver over the shared schema: string fields in, the schema's parsed values out. */
export const studentFormResolver = zodResolver(studentFormSchema) as unknown as Resolver<StudentFormFields, unknown, StudentFormValues>;

/** The API body of parsed form values. */
export function formToStudentBody(values: StudentFormValues): StudentBody {
  const b = studentFormToBody(values);
  return { ...b, religion: b.religion ?? null, gender: b.gender, is_active: b.is_active };
}

/** Keeps the zod-free copy in student-messages.ts equal to the schema's text (a type error if they drift). */
STUDENT_NO_TEXT satisfies typeof STUDENT_NO_MESSAGE;
