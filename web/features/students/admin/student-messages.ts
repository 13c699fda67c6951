/**
 * Texts from the shared schema and the students API in the current language: a known English text becomes its
 * `students.messages.*` (or generic admin) translation; an unknown one is shown as the server sent it. No zod here:
 * the list page uses this for its alerts, and the form's schema loads only with the add/edit modal (issue 7).
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { translateServerMessage } from "~/lib/server-messages";

/** `STUDENT_NO_MESSAGE` of worker/api/students.schema.ts; student-form-schema.ts checks at compile time that they agree. */
export const STUDENT_NO_TEXT = "ID must be a 14-digit national ID or a passport number (5-20 letters and digits)";

/** Schema and server texts → keys under `students.messages` (so Arabic screens show Arabic); unknown texts are shown as is. */
const MESSAGE_KEYS: Record<string, string> = {
  "ID is required": "studentIdRequired",
  [STUDENT_NO_TEXT]: "studentIdFormat",
  "Name is required": "nameRequired",
  "Name must be at most 200 characters": "nameTooLong",
  "Nationality is required": "nationalityRequired",
  "Nationality must be at most 100 characters": "nationalityTooLong",
  "Religion must be at most 50 characters": "religionTooLong",
  "Grade is required": "gradeRequired",
  "Unknown grade": "gradeRequired",
  "Building is required": "buildingRequired",
  "Building must be between 1 and 6": "buildingRequired",
  "A student with this ID already exists": "duplicate",
  "This student has payment/result history and cannot be deleted. Mark the student inactive instead.": "hasHistory",
  "Student not found": "notFound",
};

/** The `students.messages.*` key of a schema or server text, if known. */
export function studentMessageKey(message: string | undefined): string | undefined {
  return message ? MESSAGE_KEYS[message] : undefined;
}

/** Returns `(text, fallback?) => translated text`; `fallback` is used when `text` is empty or only "HTTP 500". */
export function useStudentMessage(): (text: string | undefined, fallback?: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (text, fallback = "") => {
      const key = studentMessageKey(text);
      return key ? t(`students.messages.${key}`) : translateServerMessage(t, text, fallback);
    },
    [t],
  );
}
