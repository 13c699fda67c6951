/**
 * Runs a save, delete or toggle of the course-selection admin pages (docs/product.md#course-selection): without a
 * stored token it does not call and goes to /admin/login; a 401 signs the admin out; a refused request shows the
 * text of the server's reason in the admin's language (web/lib/reason-text.ts), or the page's fallback when it named
 * none; a network failure shows the page's network text. Failures are red toasts (the console's alerts).
 */
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toast } from "~/components/ui/lazy-toast";
import { ApiFailure } from "~/lib/api";
import { getToken } from "~/lib/auth-storage";
import { signOutLocally, useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";

/**
 * What a run ended with. On failure `text` is the toast shown and `message` the bare text (without `format`), both
 * null when the admin was sent to the login page instead.
 */
export type ActionOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; error: unknown; text: string | null; message: string | null };

/** The texts of one action. `format` wraps the reason's text (the teacher form adds "Error:" and the status). */
export interface ActionTexts {
  fallback: string;
  network: string;
  format?: (message: string, failure: ApiFailure) => string;
}

/** Returns `run(op, texts)`; see the module doc. */
export function useSelectionAction() {
  const { failureText } = useReasonText();
  const navigate = useNavigate();
  const onAuthFailure = useHandleAuthFailure();
  return useCallback(
    async <T>(op: () => Promise<T>, texts: ActionTexts): Promise<ActionOutcome<T>> => {
      if (!getToken()) {
        signOutLocally(navigate);
        return { ok: false, error: null, text: null, message: null };
      }
      try {
        return { ok: true, value: await op() };
      } catch (err) {
        if (onAuthFailure(err)) return { ok: false, error: err, text: null, message: null };
        if (!(err instanceof ApiFailure)) console.error(err);
        const message = failureText(err, texts.fallback, texts.network);
        const text = err instanceof ApiFailure && !err.isNetwork && texts.format ? texts.format(message, err) : message;
        toast.error(text);
        return { ok: false, error: err, text, message };
      }
    },
    [failureText, navigate, onAuthFailure],
  );
}
