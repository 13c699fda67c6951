/**
 * The web side of the add/edit student form (docs/product.md#students: form names and field rules). The rules and texts
 * are the API's own (`studentFormSchema` in worker/contracts/students.ts, shared with the server); this module adds
 * what the inputs need: string field values, the defaults (status active, gender male), the values of an existing
 * student. Its messages are reasons (worker/reasons.ts), shown in the admin's language by web/lib/reason-text.ts.
 */
import type { Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { studentFormSchema, studentFormToBody, type StudentFormValues } from "@worker/contracts/students";
import type { Student, StudentBody } from "./student-types";

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

/** Empty add form: status active, gender male (docs/product.md#students). */
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
export const studentFormResolver = zodResolver(studentFormSchema) as unknown as Resolver<
  StudentFormFields,
  unknown,
  StudentFormValues
>;

/** The API body of parsed form values. */
export function formToStudentBody(values: StudentFormValues): StudentBody {
  return studentFormToBody(values);
}
