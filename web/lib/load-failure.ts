/**
 * What a console list does when its load fails: a 401 signs the admin out; anything else shows a red toast with the
 * server's reason in the admin's language (`fallbackKey` when it names none, `networkKey` when no answer came).
 */
import { useCallback, useRef } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { useHandleAuthFailure } from "./auth-failure";
import { useReasonText } from "./reason-text";

/** The `onError` of `useServerQuery`: true when the failure signed the admin out (nothing else to show). */
export function useLoadFailure(fallbackKey: string, networkKey: string): (err: unknown) => boolean {
  const { t } = useTranslation();
  const { failureText } = useReasonText();
  // Read at failure time: a language switch must not reload the page.
  const text = useRef({ t, failureText });
  text.current = { t, failureText };
  const onAuthFailure = useHandleAuthFailure();
  return useCallback(
    (err: unknown) => {
      if (onAuthFailure(err)) return true;
      const { t: tr, failureText: explain } = text.current;
      toast.error(explain(err, tr(fallbackKey), tr(networkKey)));
      return false;
    },
    [onAuthFailure, fallbackKey, networkKey],
  );
}
