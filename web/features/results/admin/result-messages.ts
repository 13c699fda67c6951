/**
 * English texts of the results schema (worker/api/results.schema.ts) and the results API mapped to `results.*`
 * keys, so an Arabic console shows Arabic; unknown texts fall through to the shared map, then as sent.
 */
import type { TFunction } from "i18next";
import { ApiFailure } from "~/lib/api";
import { numberMessage } from "~/lib/number-messages";
import { translateServerMessage } from "~/lib/server-messages";

const FIXED: Record<string, string> = {
  "Please select a subject": "subjectRequired",
  "Marks are required": "marksRequired",
  "Marks cannot be more than the total": "marksAboveTotal",
  "Total is required": "totalRequired",
  "Student ID is required": "studentIdRequired",
  "Academic Year is required": "academicYearRequired",
  "Semester is required": "semesterRequired",
};
const SERVER: Record<string, string> = {
  "A result for this student, academic year and semester already exists": "duplicate",
  "Student not found": "studentNotFound",
  "Result not found": "resultNotFound",
};

/** The translation of a results schema/server message, or `fallback` when empty; `lang` for digits in limits. */
export function resultMessage(t: TFunction, message: string | undefined, fallback: string, lang?: string): string {
  if (!message) return fallback;
  if (FIXED[message]) return t(`results.validation.${FIXED[message]}`);
  const number = numberMessage(t, message, lang);
  if (number) return number;
  if (SERVER[message]) return t(`results.server.${SERVER[message]}`);
  const dup = /^(.+) is listed more than once$/.exec(message);
  if (dup) return t("results.validation.duplicateSubject", { subject: t(`results.subjects.${dup[1]}`, { defaultValue: dup[1] }) });
  if (/^Remarks must be at most \d+ characters$/.test(message)) return t("results.validation.remarksTooLong");
  return translateServerMessage(t, message, fallback);
}

/** The alert text of a failed results call (spec §8): server message or `fallback`; `network` for status 0. */
export function resultFailureText(t: TFunction, err: unknown, fallback: string, network: string): string {
  if (err instanceof ApiFailure) return err.isNetwork ? network : resultMessage(t, err.message, fallback);
  return network;
}
