/**
 * Runs a save, delete or toggle of the course-selection admin pages with the spec's failure handling (§6, §8
 * "Subjects, teachers, periods"): without a stored token it does not call and goes to /admin/login; a 401 signs
 * the admin out; a refused request shows the server's message (translated when known) or the page's fallback; a
 * network failure shows the page's network text. Failures are red toasts (the console's alerts).
 */
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { ApiFailure } from "~/lib/api";
import { getToken } from "~/lib/auth-storage";
import { signOutLocally, useHandleAuthFailure } from "~/lib/auth-failure";
import { selectionMessage } from "./selection-messages";

/**
 * What a run ended with. On failure `text` is the toast shown and `message` the bare reason (without `format`), both
 * null when the admin was sent to the login page instead.
 */
export type ActionOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown; text: string | null; message: string | null };

/** The texts of one action. `format` wraps the server's message (the teacher form adds "Error:" and the status). */
export interface ActionTexts {
  fallback: string;
  network: string;
  format?: (message: string, failure: ApiFailure) => string;
}

/** Returns `run(op, texts)`; see the module doc. */
export function useSelectionAction() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const onAuthFailure = useHandleAuthFailure();
  return useCallback(
    async <T,>(op: () => Promise<T>, texts: ActionTexts): Promise<ActionOutcome<T>> => {
      if (!getToken()) {
        signOutLocally(navigate);
        return { ok: false, error: null, text: null, message: null };
      }
      try {
        return { ok: true, value: await op() };
      } catch (err) {
        if (onAuthFailure(err)) return { ok: false, error: err, text: null, message: null };
        let message = texts.network;
        let text = message;
        if (err instanceof ApiFailure && !err.isNetwork) {
          message = selectionMessage(t, err.message, texts.fallback, i18n.language);
          text = texts.format ? texts.format(message, err) : message;
        } else if (!(err instanceof ApiFailure)) {
          console.error(err);
        }
        toast.error(text);
        return { ok: false, error: err, text, message };
      }
    },
    [t, i18n.language, navigate, onAuthFailure],
  );
}
