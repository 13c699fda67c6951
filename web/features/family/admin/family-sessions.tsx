/**
 * A guardian row's family account in the student dialog (docs/product.md#family-accounts, "The office"): "Family
 * account" opens the number's page in Guardians (children, sign-ins, open sessions, messages); "Invite" sends the
 * family a link to `/family` through the message queue (WhatsApp with consent, else SMS; once a day) and says how
 * it goes, or why it cannot. Shown for a stored number only.
 */
import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { KeyRound, Send } from "lucide-react";
import { Button } from "~/components/ui/button";
import { parsePhone } from "@worker/lib/phone";
import { useReasonText } from "~/lib/reason-text";
import { guardianPath, invitedText, inviteToFamilyAccount } from "./guardians-api";

type Note = { ok: boolean; text: string } | null;

export function FamilySessions({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const { failureText } = useReasonText();
  const [note, setNote] = useState<Note>(null);
  const [inviting, setInviting] = useState(false);
  const invite = async () => {
    setInviting(true);
    setNote(null);
    try {
      setNote({ ok: true, text: invitedText(t, await inviteToFamilyAccount(phone)) });
    } catch (err) {
      setNote({ ok: false, text: failureText(err, t("messages.familyAccess.inviteFailed")) });
    } finally {
      setInviting(false);
    }
  };
  return (
    <div className="grid gap-2 text-xs sm:col-span-2" data-family-sessions>
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to={guardianPath(parsePhone(phone) ?? phone)}>
            <KeyRound aria-hidden="true" />
            {t("messages.familyAccess.show")}
          </Link>
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={inviting} onClick={() => void invite()}>
          <Send aria-hidden="true" />
          {t("messages.familyAccess.invite")}
        </Button>
      </div>
      <p role="status" className={note?.ok === false ? "text-destructive" : "text-muted-foreground"}>
        {note?.text}
      </p>
    </div>
  );
}
