/**
 * Texts of the course-selection admin pages that come from elsewhere: the English messages of the shared zod
 * schemas (`selection-admin.schema.ts`) and of the API (`services/selection-catalog.ts`, delete-all), mapped to
 * `courseSelection.messages.*` so the Arabic console shows Arabic. Unknown texts are shown as the server sent them.
 */
import type { TFunction } from "i18next";
import { PERIOD_MAX_SUBJECTS, SUBJECT_MAX_SELECTIONS, TEACHER_CAPACITY } from "@worker/api/selection-admin.schema";
import { formatNumber } from "~/lib/format";
import { translateServerMessage } from "~/lib/server-messages";

const range = (label: string, r: { min: number; max: number }) => `${label} must be a whole number between ${r.min} and ${r.max}`;

const KEYS: Record<string, string> = {
  "Name is required": "nameRequired",
  "Name must be at most 100 characters": "nameTooLong",
  "Description must be at most 1000 characters": "descriptionTooLong",
  "Max selections is required": "maxSelectionsRange",
  [range("Max selections", SUBJECT_MAX_SELECTIONS)]: "maxSelectionsRange",
  "Full name is required": "fullNameRequired",
  "Full name must be at most 150 characters": "fullNameTooLong",
  "Subject is required": "subjectRequired",
  "Building must be 5 or 6": "building",
  "Session 1 capacity is required": "capacity1Range",
  [range("Session 1 capacity", TEACHER_CAPACITY)]: "capacity1Range",
  "Session 2 capacity is required": "capacity2Range",
  [range("Session 2 capacity", TEACHER_CAPACITY)]: "capacity2Range",
  "Period name is required": "periodNameRequired",
  "Period name must be at most 200 characters": "periodNameTooLong",
  "Start date is required": "startRequired",
  "End date is required": "endRequired",
  "Start date is out of range": "startRange",
  "End date is out of range": "endRange",
  "End date must be after start date": "endAfterStart",
  "Max subjects is required": "maxSubjectsRange",
  [range("Max subjects", PERIOD_MAX_SUBJECTS)]: "maxSubjectsRange",
  "A subject with this name already exists": "duplicateSubject",
  "This subject has teachers or selections and cannot be deleted. Mark it inactive instead.": "subjectInUse",
  "Subject must be an active subject": "subjectNotActive",
  "This teacher has student selections and cannot be deleted. Mark the teacher inactive instead.": "teacherHasSelections",
  "This teacher has student selections and cannot be moved to another subject": "teacherSubjectLocked",
  "Deactivate the period before deleting it": "periodIsActive",
  "Subject not found": "subjectNotFound",
  "Teacher not found": "teacherNotFound",
  "Selection period not found": "periodNotFound",
  "Student not found": "studentNotFound",
  "No selections found for this student": "noSelections",
  "Invalid student ID": "invalidStudentId",
  "Student ID is required": "studentIdRequired",
};

const CAPACITY_BELOW = /^Capacity cannot be below the seats already taken \((\d+) in session ([12])\)$/;
const DATE_ZONE = /^(Start|End) date must be a date-time with a time zone/;

/** The translation of a known schema/server message, the message itself when unknown, or `fallback` when empty. */
export function selectionMessage(t: TFunction, message: string | undefined, fallback: string, lang?: string): string {
  if (message) {
    const key = KEYS[message];
    if (key) return t(`courseSelection.messages.${key}`);
    const below = CAPACITY_BELOW.exec(message);
    if (below) return t("courseSelection.messages.capacityBelowTaken", { taken: formatNumber(Number(below[1]), lang), session: formatNumber(Number(below[2]), lang) });
    const zone = DATE_ZONE.exec(message);
    if (zone) return t(zone[1] === "Start" ? "courseSelection.messages.startRequired" : "courseSelection.messages.endRequired");
  }
  return translateServerMessage(t, message, fallback);
}
