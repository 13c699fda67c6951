/**
 * State of a guardian number's page: the account (read in the browser; the token lives in localStorage), ending one
 * session or every session, and inviting the family, each followed by a fresh read. Outcomes are toasts in the
 * page's language, with the server's reason when it gave one; a 401 signs out.
 */
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { useServerQuery } from "~/components/data-table/use-server-table";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { formatNumber } from "~/lib/format";
import { useReasonText } from "~/lib/reason-text";
import { endFamilySessions, fetchGuardianAccount, invitedText, inviteToFamilyAccount } from "./guardians-api";

/** The guardian page's hook, for the number `phone` (E.164 from the URL). */
export function useGuardianAccount(phone: string) {
  const { t, i18n } = useTranslation();
  const { failureText } = useReasonText();
  const text = useRef({ t, failureText, lang: i18n.language });
  text.current = { t, failureText, lang: i18n.language };
  const onAuthFailure = useHandleAuthFailure();
  const read = useServerQuery({
    key: phone,
    fetch: () => fetchGuardianAccount(phone),
    onError: (err) => onAuthFailure(err),
  });
  const [ending, setEnding] = useState<number | "all" | null>(null);
  const [inviting, setInviting] = useState(false);
  const { reload } = read;

  const fail = useCallback(
    (err: unknown, key: string) => {
      if (onAuthFailure(err)) return;
      const { t: tr, failureText: explain } = text.current;
      toast.error(explain(err, tr(key), tr("messages.errors.network")));
    },
    [onAuthFailure],
  );

  const end = useCallback(
    async (sessionId?: number) => {
      setEnding(sessionId ?? "all");
      try {
        const n = await endFamilySessions(phone, sessionId);
        const { t: tr, lang } = text.current;
        toast.success(tr("guardians.page.ended", { count: n, n: formatNumber(n, lang) }));
      } catch (err) {
        fail(err, "guardians.page.endFailed");
      } finally {
        setEnding(null);
        reload();
      }
    },
    [phone, fail, reload],
  );

  const invite = useCallback(async () => {
    setInviting(true);
    try {
      const sent = await inviteToFamilyAccount(phone);
      toast.success(invitedText(text.current.t, sent));
      reload();
    } catch (err) {
      fail(err, "messages.familyAccess.inviteFailed");
    } finally {
      setInviting(false);
    }
  }, [phone, fail, reload]);

  return { read, ending, end, inviting, invite };
}
