/**
 * A guardian number's page, first half (docs/product.md#family-accounts, "The office"): its children (grade, as
 * whom, left the school, a link to the student in Students) and its message settings (language, WhatsApp consent
 * with when and by whom it was recorded, a STOP reply, the kinds the family switched off).
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ArrowUpRight } from "lucide-react";
import type { AdminNavState } from "~/lib/admin-events";
import { formatNumber, formatSchoolDateTime, localeOf } from "~/lib/format";
import { cn } from "~/lib/utils";
import { WhatsAppState } from "./guardian-parts";
import type { GuardianAccount } from "./guardians-api";

/** A titled card of the guardian page. */
export function Section({
  id,
  title,
  count,
  children,
  className,
}: {
  id: string;
  title: string;
  /** Shown beside the title, in the page's digits. */
  count?: number;
  children: React.ReactNode;
  className?: string;
}) {
  const { i18n } = useTranslation();
  return (
    <section
      aria-labelledby={id}
      className={cn("grid content-start gap-3 rounded-lg border bg-card p-4 sm:p-5", className)}
    >
      <h2 id={id} className="flex items-center gap-2 text-base font-semibold">
        {title}
        {count !== undefined && (
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums">
            {formatNumber(count, i18n.language)}
          </span>
        )}
      </h2>
      {children}
    </section>
  );
}

/** The number's children, each with its grade, the guardian's relation to it and a link to Students. */
export function ChildrenCard({ account }: { account: GuardianAccount }) {
  const { t } = useTranslation();
  return (
    <Section id="guardian-children" title={t("guardians.page.children")} count={account.children.length}>
      <ul className="grid gap-2">
        {account.children.map((c) => {
          const row = account.guardians.find((g) => g.student_id === c.id);
          return (
            <li key={c.id} className="flex items-start gap-3 rounded-md border p-3" data-child={c.id}>
              <span
                aria-hidden="true"
                className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-sm font-bold text-primary"
              >
                {c.initials}
              </span>
              <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
                <span className={cn("font-medium break-words", !c.is_active && "text-muted-foreground")}>
                  <bdi>{c.full_name}</bdi>
                </span>
                <span className="text-xs text-muted-foreground">
                  <bdi dir="ltr" className="font-mono">
                    {c.student_no}
                  </bdi>{" "}
                  · {t(`admin.grades.${c.grade}`, { defaultValue: c.grade })}
                  {row &&
                    ` · ${t("guardians.page.asRelation", { relation: t(`messages.guardians.relations.${row.relation}`) })}`}
                  {!c.is_active && ` · ${t("guardians.page.left")}`}
                </span>
                <Link
                  to="/admin/dashboard/students"
                  state={{ search: c.student_no } satisfies AdminNavState}
                  className="mt-1 inline-flex w-fit items-center gap-1 rounded-sm text-xs font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  aria-label={`${t("guardians.page.openStudent")}: ${c.full_name}`}
                >
                  {t("guardians.page.openStudent")}
                  <ArrowUpRight className="size-3.5 rtl:-scale-x-100" aria-hidden="true" />
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** How the school's messages reach the number, and what the family switched off. */
export function SettingsCard({ account }: { account: GuardianAccount }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const first = account.guardians[0];
  if (!first) return null;
  const optedOut = account.guardians.find((g) => g.opted_out_at)?.opted_out_at ?? null;
  const by =
    first.consent_recorded_by === "guardian" ? t("guardians.page.consentByGuardian") : first.consent_recorded_by;
  return (
    <Section id="guardian-settings" title={t("guardians.page.settings")}>
      <dl className="grid gap-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-6">
        <dt className="text-muted-foreground">{t("guardians.page.language")}</dt>
        <dd>{t(`messages.guardians.languages.${first.language}`)}</dd>
        <dt className="text-muted-foreground">{t("guardians.page.whatsapp")}</dt>
        <dd className="grid gap-1">
          <WhatsAppState whatsapp={account.whatsapp} optedOut={optedOut !== null} />
          {first.consent_recorded_at && (
            <span className="text-xs text-muted-foreground">
              {t("guardians.page.consentBy", { at: formatSchoolDateTime(first.consent_recorded_at, lang), by })}
            </span>
          )}
          {optedOut && (
            <span className="text-xs text-destructive">
              {t("guardians.page.optedOut", { at: formatSchoolDateTime(optedOut, lang) })}
            </span>
          )}
        </dd>
        <dt className="text-muted-foreground">{t("guardians.page.muted")}</dt>
        <dd>
          {account.muted_kinds.length === 0
            ? t("guardians.page.mutedNone")
            : new Intl.ListFormat(localeOf(lang), { type: "conjunction" }).format(
                account.muted_kinds.map((k) => t(`messages.kinds.${k}`)),
              )}
        </dd>
      </dl>
    </Section>
  );
}
