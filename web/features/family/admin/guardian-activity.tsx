/**
 * A guardian number's page, second half (docs/product.md#family-accounts, "The office"): its open sessions (device,
 * signed in, last seen, expiry; Sign out one), its last 20 sign-in codes (used, waiting, not used, locked after 5
 * wrong tries) and the last 20 messages sent to it about its children.
 */
import { useTranslation } from "react-i18next";
import { LogOut } from "lucide-react";
import { Button } from "~/components/ui/button";
import { MessageTime, StatusBadge } from "~/features/messages/admin/message-parts";
import { deviceName } from "~/lib/device-name";
import { formatNumber, formatSchoolDateTime } from "~/lib/format";
import { Section } from "./guardian-account";
import type { GuardianAccount } from "./guardians-api";

/** The open sessions, each with Sign out (`ending`: the session whose request is in flight). */
export function SessionsCard({
  account,
  onEnd,
  ending,
}: {
  account: GuardianAccount;
  onEnd: (id: number) => void;
  ending: number | null;
}) {
  const { t, i18n } = useTranslation();
  const at = (iso: string | null) => (iso ? formatSchoolDateTime(iso, i18n.language) : "—");
  return (
    <Section id="guardian-sessions" title={t("guardians.page.sessions")} count={account.sessions.length}>
      {account.sessions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("guardians.page.sessionsNone")}</p>
      ) : (
        <ul className="grid gap-2">
          {account.sessions.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
              data-session={s.id}
            >
              <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
                <dt className="text-muted-foreground">{t("guardians.page.device")}</dt>
                <dd className="font-medium break-words" title={s.device ?? undefined}>
                  {deviceName(s.device, t("guardians.page.unknownDevice"))}
                </dd>
                <dt className="text-muted-foreground">{t("guardians.page.signedInAt")}</dt>
                <dd className="tabular-nums">{at(s.created_at)}</dd>
                <dt className="text-muted-foreground">{t("guardians.page.lastSeen")}</dt>
                <dd className="tabular-nums">{at(s.last_seen_at)}</dd>
                <dt className="text-muted-foreground">{t("guardians.page.expires")}</dt>
                <dd className="tabular-nums">{at(s.expires_at)}</dd>
              </dl>
              <Button
                variant="outline"
                size="sm"
                disabled={ending !== null}
                aria-label={t("guardians.page.endOneFor", { at: at(s.created_at) })}
                onClick={() => onEnd(s.id)}
              >
                <LogOut className="rtl:-scale-x-100" aria-hidden="true" />
                {t("guardians.page.endOne")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

type SignIn = GuardianAccount["sign_ins"][number];

/** A code's state: used, locked after 5 wrong tries, waiting until its expiry, or never used. */
function codeState(c: SignIn, now: number) {
  if (c.used) return { key: "codeUsed", tone: "text-success" } as const;
  if (c.attempts >= 5) return { key: "codeLocked", tone: "text-destructive" } as const;
  if (Date.parse(c.expires_at) > now) return { key: "codeWaiting", tone: "text-sky-700" } as const;
  return { key: "codeExpired", tone: "text-muted-foreground" } as const;
}

/** The last 20 sign-in codes the number asked for, newest first. */
export function SignInsCard({ account, now }: { account: GuardianAccount; now: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Section id="guardian-sign-ins" title={t("guardians.page.signIns")}>
      {account.sign_ins.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("guardians.page.signInsNone")}</p>
      ) : (
        <ol className="grid gap-1.5 text-sm">
          {account.sign_ins.map((c) => {
            const state = codeState(c, now);
            // `attempts` counts every try, the right one included.
            const wrong = c.used ? c.attempts - 1 : c.attempts;
            return (
              <li
                key={c.created_at}
                className="flex flex-wrap items-baseline justify-between gap-x-3 border-b pb-1.5 last:border-0"
              >
                <MessageTime iso={c.created_at} />
                <span className={`text-xs font-medium ${state.tone}`} data-code={state.key}>
                  {t(`guardians.page.${state.key}`, { at: formatSchoolDateTime(c.expires_at, lang) })}
                  {wrong > 0 && state.key !== "codeLocked" && (
                    <span className="text-muted-foreground">
                      {" · "}
                      {t("guardians.page.wrongTries", { count: wrong, n: formatNumber(wrong, lang) })}
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}

/** The last 20 messages sent to the number about its children, newest first. */
export function MessagesCard({ account }: { account: GuardianAccount }) {
  const { t } = useTranslation();
  const names = new Map(account.children.map((c) => [c.id, c.full_name]));
  return (
    <Section id="guardian-messages" title={t("guardians.page.messages")}>
      {account.messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("guardians.page.messagesNone")}</p>
      ) : (
        <ol className="grid gap-2 text-sm">
          {account.messages.map((m) => (
            <li key={m.id} className="grid gap-1 border-b pb-2 last:border-0" data-message={m.id}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{t(`messages.kinds.${m.kind}`)}</span>
                <StatusBadge status={m.status} />
              </div>
              <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                <span>{t(`messages.channels.${m.channel}`)}</span>
                {m.kind !== "sign_in_code" && (
                  <span dir="auto" className="break-words">
                    {t("guardians.page.messageAbout", { name: names.get(m.student_id) ?? "" })}
                  </span>
                )}
                <MessageTime iso={m.created_at} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
