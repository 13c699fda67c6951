/** The admin student record and list filters (docs/product.md#students); record and body types are the API's own. */
import type { CreateStudentInput, StudentJson } from "@worker/contracts/students";
import type { AdminGrade } from "~/lib/admin-events";

/** A student as the API returns it; `student_no` is the national ID or passport number. */
export type Student = StudentJson;

/** The body of POST /api/students and PUT /api/students/{id}. */
export type StudentBody = CreateStudentInput;

/** Building filter values (buildings 1-6). */
export const BUILDINGS = [1, 2, 3, 4, 5, 6] as const;

/** The Students page filters; "All" disables a filter. */
export interface StudentFilters {
  grade: AdminGrade;
  building: "All" | `${(typeof BUILDINGS)[number]}`;
  gender: "All" | "male" | "female";
  status: "All" | "active" | "inactive";
  search: string;
}

/** No filter applied. */
export const NO_FILTERS: StudentFilters = { grade: "All", building: "All", gender: "All", status: "All", search: "" };
