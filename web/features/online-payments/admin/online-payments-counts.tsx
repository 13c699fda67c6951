/**
 * The figures at the top of the Online payments page: pending now, paid today (Cairo day: EGP and how many), the
 * open credits to refund (EGP) and the refunds Paymob reported that could not be recorded (how many, their EGP, and
 * "Show them": the list filtered to them), whatever the filters; skeletons until the first answer, a dash after a
 * failure.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { formatEgp, formatNumber } from "~/lib/format";
import { cn } from "~/lib/utils";
import type { OnlinePaymentsState } from "./use-online-payments";

function Figure({
  id,
  title,
  value,
  hint,
  tone,
}: {
  id: string;
  title: string;
  value: string | null | undefined;
  hint: ReactNode;
  tone?: string;
}) {
  // Below sm the figure sits beside its title (three short rows); from sm the cards stand side by side.
  return (
    <section
      aria-labelledby={id}
      className="grid grid-cols-[1fr_auto] content-start items-baseline gap-x-3 gap-y-1 rounded-lg border bg-card px-4 py-3 sm:grid-cols-1 sm:p-4"
      data-figure={id}
    >
      <h2 id={id} className="text-sm font-semibold text-muted-foreground">
        {title}
      </h2>
      {value === undefined ? (
        <Skeleton className="h-7 w-24" />
      ) : (
        <p className={cn("text-xl font-bold tabular-nums wrap-anywhere sm:text-2xl", tone)}>{value ?? "—"}</p>
      )}
      <p className="col-span-full text-xs text-muted-foreground sm:col-span-1">{hint}</p>
    </section>
  );
}

/**
 * The four figures; `figures` undefined while the first load runs, null after a failed one; `onShowUnrecorded` filters
 * the list to the payments with a refund not recorded.
 */
export function OnlinePaymentsCounts({
  figures,
  onShowUnrecorded,
}: {
  figures: OnlinePaymentsState["figures"] | undefined;
  onShowUnrecorded: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const pick = <T,>(f: (x: NonNullable<OnlinePaymentsState["figures"]>) => T) =>
    figures === undefined ? undefined : figures === null ? null : f(figures);
  const paidCount = figures?.paidToday.count;
  const unrecorded = figures?.unrecorded;
  return (
    <div
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      role="group"
      aria-label={t("onlinePayments.counts.label")}
    >
      <Figure
        id="online-pending"
        title={t("onlinePayments.counts.pending")}
        value={pick((f) => formatNumber(f.pending, lang))}
        hint={t("onlinePayments.counts.pendingHint")}
        tone={figures && figures.pending > 0 ? "text-[oklch(0.45_0.12_60)]" : undefined}
      />
      <Figure
        id="online-paid-today"
        title={t("onlinePayments.counts.paidToday")}
        value={pick((f) => formatEgp(f.paidToday.amount, lang))}
        hint={
          paidCount === undefined
            ? ""
            : t("onlinePayments.counts.paidTodayHint", { count: paidCount, formatted: formatNumber(paidCount, lang) })
        }
        tone="text-[oklch(0.42_0.12_150)]"
      />
      <Figure
        id="online-credits"
        title={t("onlinePayments.counts.credits")}
        value={pick((f) => formatEgp(f.credit, lang))}
        hint={t("onlinePayments.counts.creditsHint")}
      />
      <Figure
        id="online-unrecorded"
        title={t("onlinePayments.counts.unrecorded")}
        value={pick((f) => formatNumber(f.unrecorded.count, lang))}
        hint={
          unrecorded && unrecorded.count > 0 ? (
            <>
              {t("onlinePayments.counts.unrecordedHint", { amount: formatEgp(unrecorded.amount, lang) })}{" "}
              <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={onShowUnrecorded}>
                {t("onlinePayments.counts.unrecordedShow")}
              </Button>
            </>
          ) : (
            ""
          )
        }
        tone={unrecorded && unrecorded.count > 0 ? "text-destructive" : undefined}
      />
    </div>
  );
}
