/**
 * Small pieces of the guardian pages (docs/product.md#family-accounts, "The office"): the WhatsApp state of a
 * number, its family account state (signed in on how many devices, last seen, or never), and a child's line.
 */
import { useTranslation } from "react-i18next";
import { formatNumber, formatSchoolDateTime } from "~/lib/format";
import { cn } from "~/lib/utils";
import type { GuardianRow } from "./guardians-api";

const WHATSAPP_TONES = {
  on: "bg-success/12 text-success",
  some: "bg-amber-500/12 text-amber-700 dark:text-amber-400",
  off: "bg-muted text-muted-foreground",
  optedOut: "bg-destructive/10 text-destructive",
} as const;

/** WhatsApp on, off (SMS), on for some children, or opted out by a STOP reply, as a pill. */
export function WhatsAppState({ whatsapp, optedOut }: { whatsapp: GuardianRow["whatsapp"]; optedOut: boolean }) {
  const { t } = useTranslation();
  const state = optedOut ? "optedOut" : whatsapp;
  return (
    <span
      data-whatsapp={state}
      className={cn(
        "inline-flex w-fit rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
        WHATSAPP_TONES[state],
      )}
    >
      {t(`guardians.whatsapp.${state}`)}
    </span>
  );
}

/** The number's family account: open sessions and when last seen, when last signed in, or never. */
export function AccountState({
  row,
}: {
  row: Pick<GuardianRow, "open_sessions" | "last_sign_in_at" | "last_seen_at">;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const at = (iso: string | null) => (iso ? formatSchoolDateTime(iso, lang) : "");
  if (row.open_sessions > 0)
    return (
      <span className="grid gap-0.5" data-account="open">
        <span className="flex items-center gap-1.5 font-medium text-success">
          <span className="size-2 shrink-0 rounded-full bg-success" aria-hidden="true" />
          {t("guardians.account.open", { count: row.open_sessions, n: formatNumber(row.open_sessions, lang) })}
        </span>
        {row.last_seen_at && (
          <span className="text-xs text-muted-foreground">
            {t("guardians.account.lastSeen", { at: at(row.last_seen_at) })}
          </span>
        )}
      </span>
    );
  if (row.last_sign_in_at)
    return (
      <span className="text-muted-foreground" data-account="signed_in">
        {t("guardians.account.lastSignIn", { at: at(row.last_sign_in_at) })}
      </span>
    );
  return (
    <span className="text-muted-foreground" data-account="never">
      {t("guardians.account.never")}
    </span>
  );
}
