/**
 * Texts from the shared schema and the students API in the current language: a known English text becomes its
 * `students.messages.*` (or generic admin) translation; an unknown one is shown as the server sent it.
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { translateServerMessage } from "~/lib/server-messages";
import { studentMessageKey } from "./student-form-schema";

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
