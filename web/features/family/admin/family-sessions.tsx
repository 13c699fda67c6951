/**
 * A guardian row's family account in the student dialog (docs/product.md#family-accounts, "The office"): "Family
 * account" opens the number's children, its last sign-in codes, its open sessions (ended all at once, audited) and
 * its last invitation; "Invite" sends the family a link to `/family` through the message queue (WhatsApp with
 * consent, else SMS; once a day) and says how it goes, or why it cannot. Shown for a stored number only.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { KeyRound, Send } from "lucide-react";
import { Button } from "~/components/ui/button";
import { apiClient, call, type Ok } from "~/lib/api";
import { formatNumber, formatSchoolDateTime } from "~/lib/format";
import { useReasonText } from "~/lib/reason-text";

const family = () => apiClient().api.admin.family;
type Account = Ok<Awaited<ReturnType<ReturnType<typeof family>["$get"]>>>;

type State = { status: "idle" | "loading" | "failed" } | { status: "read"; account: Account };
type Note = { ok: boolean; text: string } | null;

export function FamilySessions({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const { failureText } = useReasonText();
  const [state, setState] = useState<State>({ status: "idle" });
  const [note, setNote] = useState<Note>(null);
  const [inviting, setInviting] = useState(false);
  const read = async () => {
    setState({ status: "loading" });
    try {
      setState({ status: "read", account: await call(family().$get({ query: { phone } })) });
    } catch {
      setState({ status: "failed" });
    }
  };
  const end = async () => {
    setState({ status: "loading" });
    try {
      await call(family().sessions.end.$post({ json: { phone } }));
      await read();
    } catch {
      setState({ status: "failed" });
    }
  };
  const invite = async () => {
    setInviting(true);
    setNote(null);
    try {
      const sent = await call(family().invite.$post({ json: { phone } }));
      const text = t(`messages.familyAccess.invited.${sent.channel}`, {
        language: t(`messages.guardians.languages.${sent.language}`),
      });
      setNote({ ok: true, text });
      if (state.status === "read") await read();
    } catch (err) {
      setNote({ ok: false, text: failureText(err, t("messages.familyAccess.inviteFailed")) });
    } finally {
      setInviting(false);
    }
  };
  return (
    <div className="grid gap-2 text-xs sm:col-span-2" data-family-sessions>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={state.status === "loading"}
          aria-expanded={state.status === "read"}
          onClick={() => void read()}
        >
          <KeyRound aria-hidden="true" />
          {t("messages.familyAccess.show")}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={inviting} onClick={() => void invite()}>
          <Send aria-hidden="true" />
          {t("messages.familyAccess.invite")}
        </Button>
      </div>
      <p role="status" className={note?.ok === false ? "text-destructive" : "text-muted-foreground"}>
        {note?.text}
      </p>
      {state.status === "failed" && <p className="text-destructive">{t("messages.familyAccess.failed")}</p>}
      {state.status === "read" && <AccountView account={state.account} onEnd={() => void end()} />}
    </div>
  );
}

function AccountView({ account, onEnd }: { account: Account; onEnd: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const open = account.sessions.length;
  const last = account.sign_ins[0];
  const invite = account.last_invite;
  return (
    <div className="grid gap-2 rounded-md border bg-muted/30 p-3" data-family-account>
      <div>
        <p className="font-medium">
          {t("messages.familyAccess.children", { n: formatNumber(account.children.length, lang) })}
        </p>
        <ul className="mt-1 grid gap-0.5">
          {account.children.map((c) => (
            <li key={c.id} className="flex flex-wrap gap-x-2">
              <span>{c.full_name}</span>
              <span className="text-muted-foreground">
                {t(`admin.grades.${c.grade}`, { defaultValue: c.grade })}
                {c.is_active ? "" : ` · ${t("messages.familyAccess.left")}`}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p>
        {last
          ? t(last.used ? "messages.familyAccess.lastSignIn" : "messages.familyAccess.lastCode", {
              at: formatSchoolDateTime(last.created_at, lang),
              n: formatNumber(account.sign_ins.length, lang),
            })
          : t("messages.familyAccess.neverSignedIn")}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <span aria-live="polite">
          {open === 0
            ? t("messages.familyAccess.none")
            : t("messages.familyAccess.open", { count: open, n: formatNumber(open, lang) })}
        </span>
        {open > 0 && (
          <Button type="button" variant="outline" size="sm" onClick={onEnd}>
            {t("messages.familyAccess.end")}
          </Button>
        )}
      </div>
      <p className="text-muted-foreground">
        {invite
          ? t("messages.familyAccess.lastInvite", {
              at: formatSchoolDateTime(invite.created_at, lang),
              channel: t(`messages.channels.${invite.channel}`),
              status: t(`messages.statuses.${invite.status}`),
            })
          : t("messages.familyAccess.neverInvited")}
      </p>
    </div>
  );
}
