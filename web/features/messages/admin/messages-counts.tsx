/** Counts of the Messages page: today and this month (Cairo), in all and by status, in the page's digits. */
import { useTranslation } from "react-i18next";
import { MESSAGE_STATUSES } from "@worker/contracts/messages";
import { Skeleton } from "~/components/ui/skeleton";
import { formatNumber } from "~/lib/format";
import type { MessageCounts } from "./messages-api";
import { StatusBadge } from "./message-parts";

function Period({ id, title, byStatus }: { id: string; title: string; byStatus: Record<string, number> | null }) {
  const { t, i18n } = useTranslation();
  const total = byStatus ? Object.values(byStatus).reduce((a, b) => a + b, 0) : 0;
  return (
    <section aria-labelledby={id} className="grid gap-2 rounded-lg border bg-card p-4" data-period={id}>
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={id} className="text-sm font-semibold text-muted-foreground">
          {title}
        </h2>
        {byStatus ? (
          <span className="text-2xl font-bold tabular-nums">{formatNumber(total, i18n.language)}</span>
        ) : (
          <Skeleton className="h-7 w-10" />
        )}
      </div>
      {byStatus && (
        <ul className="flex flex-wrap gap-x-3 gap-y-1.5 text-xs">
          {MESSAGE_STATUSES.filter((s) => byStatus[s]).map((s) => (
            <li key={s} className="inline-flex items-center gap-1.5">
              <StatusBadge status={s} />
              <span className="tabular-nums">{formatNumber(byStatus[s] ?? 0, i18n.language)}</span>
            </li>
          ))}
          {total === 0 && <li className="text-muted-foreground">{t("messages.counts.total", { n: 0 })}</li>}
        </ul>
      )}
    </section>
  );
}

export function MessagesCounts({ counts }: { counts: MessageCounts | null }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2" aria-label={t("messages.counts.label")} role="group">
      <Period id="messages-today" title={t("messages.counts.today")} byStatus={counts?.today ?? null} />
      <Period id="messages-month" title={t("messages.counts.month")} byStatus={counts?.month ?? null} />
    </div>
  );
}
