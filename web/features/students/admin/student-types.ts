/** The admin student record and list filters (spec §3 "Student (admin)", contract "Students"). */
import type { StudentJson } from "@worker/services/students";
import type { AdminGrade } from "~/lib/admin-events";

/** A student as the API returns it (contract "Students"); `student_no` is the national ID or passport number. */
export type Student = StudentJson;

/** The body of POST /api/students and PUT /api/students/{id}. */
export interface StudentBody {
  student_no: string;
  full_name: string;
  nationality: string;
  religion: string | null;
  current_grade: string;
  building_no: number;
  gender: "male" | "female";
  is_active: boolean;
}

/** Building filter values (spec §9: buildings 1-6). */
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
