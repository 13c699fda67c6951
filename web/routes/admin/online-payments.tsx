/**
 * /admin/dashboard/fees/online — Online payments (docs/product.md#online-payments), for roles with `fees.read`: what
 * families paid through Paymob, newest first (up to 200) with the generic data table: date (Cairo), student, amount,
 * status, the receipt (a link to the printed one once paid), Paymob's order id and any credit to refund. Filters,
 * applied by the server: the status (in the URL, `?status=paid`), refunds not recorded (`?refund=unrecorded`), and
 * the student's name or number (the Students search's fold, Arabic-Indic digits accepted). A payment with a refund
 * Paymob reported that could not be recorded says so under its status, with the amount and why, and "Settle…"
 * (`fees.write`) for the office to say how it settled it by hand. Figures at the top
 * (pending now, paid today, open credits, refunds not recorded),
 * "Check now" (`fees.write`), Export CSV of the rows shown, a live reload on `fees_changed`. Fetched in the browser
 * (the token lives in localStorage).
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Download, FilterX, Globe, RefreshCw, RotateCw, TriangleAlert } from "lucide-react";
import { DataTable } from "~/components/data-table";
import { LiveDot } from "~/components/data-table/list-filters";
import { Button } from "~/components/ui/button";
import { OnlinePaymentsCounts } from "~/features/online-payments/admin/online-payments-counts";
import { exportOnlineCsv } from "~/features/online-payments/admin/online-payments-csv";
import { OnlinePaymentsFilters } from "~/features/online-payments/admin/online-payments-filters";
import { onlinePaymentColumns } from "~/features/online-payments/admin/online-payment-columns";
import { SettleRefundDialog, type Settling } from "~/features/online-payments/admin/settle-refund-dialog";
import { useOnlinePayments } from "~/features/online-payments/admin/use-online-payments";
import { pageTitle } from "~/i18n";
import { formatNumber } from "~/lib/format";
import { useCanFn } from "~/lib/use-me";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/online-payments";

/** `<title>`: "Online Payments | school" in the console language. */
export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "onlinePayments.title", { noindex: true });
}

/** No payments at all, none matching the filters (with Clear filters), or the list failed (with Try again). */
function Empty({
  failed,
  filtered,
  onRetry,
  onClear,
}: {
  failed: boolean;
  filtered: boolean;
  onRetry: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const Icon = failed ? TriangleAlert : Globe;
  return (
    <div className="grid justify-items-center gap-2 px-4 py-10 text-center" role={failed ? "alert" : undefined}>
      <Icon className={cn("size-8", failed ? "text-destructive/70" : "text-muted-foreground/60")} aria-hidden="true" />
      <p className="font-medium text-foreground">
        {t(failed ? "onlinePayments.failed" : filtered ? "onlinePayments.noMatch" : "onlinePayments.empty")}
      </p>
      {!failed && !filtered && <p className="max-w-sm text-sm">{t("onlinePayments.emptyHint")}</p>}
      {failed ? (
        <Button variant="outline" size="sm" className="mt-1" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          {t("onlinePayments.tryAgain")}
        </Button>
      ) : filtered ? (
        <Button variant="outline" size="sm" className="mt-1" onClick={onClear}>
          <FilterX aria-hidden="true" />
          {t("onlinePayments.filters.clear")}
        </Button>
      ) : null}
    </div>
  );
}

/** The Online payments page. */
export default function OnlinePaymentsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const can = useCanFn();
  const canPrint = can("print.statements");
  const s = useOnlinePayments();
  const canSettle = can("fees.write");
  const [settling, setSettling] = useState<Settling>(null);
  const columns = useMemo(
    () =>
      onlinePaymentColumns(
        t,
        lang,
        canPrint,
        canSettle ? (payment, refund) => setSettling({ payment, refund }) : undefined,
      ),
    [t, lang, canPrint, canSettle],
  );
  const filtered = s.filters.status !== "" || s.filters.refund !== "" || s.filters.q !== "";
  const clear = s.clearFilters;
  const count = s.rows.length;
  const firstLoad = s.loading && !s.figures && !s.failed;

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">
            {t("onlinePayments.title")}
          </h1>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t("onlinePayments.subtitle")}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LiveDot status={s.live} />
          <Button variant="outline" onClick={s.reload} disabled={s.loading} aria-busy={s.loading || undefined}>
            <RefreshCw aria-hidden="true" className={cn(s.loading && "animate-spin")} />
            {t("onlinePayments.refresh")}
          </Button>
          <Button
            variant="outline"
            onClick={() => exportOnlineCsv(s.rows, s.filters.status, t)}
            disabled={s.loading || count === 0}
          >
            <Download aria-hidden="true" />
            {t("onlinePayments.exportCsv")}
          </Button>
          {can("fees.write") && (
            <Button onClick={() => void s.check()} disabled={s.checking} aria-busy={s.checking || undefined}>
              <RotateCw aria-hidden="true" className={cn(s.checking && "animate-spin")} />
              {s.checking ? t("onlinePayments.checking") : t("onlinePayments.checkNow")}
            </Button>
          )}
        </div>
      </header>

      <OnlinePaymentsCounts
        figures={firstLoad ? undefined : s.figures}
        onShowUnrecorded={() => s.setRefund("unrecorded")}
      />

      <DataTable
        label={t("onlinePayments.table.label")}
        idPrefix="online"
        columns={columns}
        data={s.rows}
        getRowId={(p) => p.payment_id}
        loading={s.loading}
        skeletonRows={6}
        resetPageKey={s.filters}
        rowClassName={(p) => (p.status === "failed" || p.status === "expired" ? "text-muted-foreground" : undefined)}
        toolbar={
          <>
            <OnlinePaymentsFilters
              status={s.status}
              onStatus={s.setStatus}
              refund={s.refund}
              onRefund={s.setRefund}
              search={s.search}
              onSearch={s.setSearch}
              onClear={s.clearFilters}
            />
            {!s.loading && !s.failed && (
              <p className="-mb-1 text-sm text-muted-foreground" aria-live="polite">
                {t("onlinePayments.table.count", { count, formatted: formatNumber(count, lang) })}
                {count >= 200 && ` · ${t("onlinePayments.table.limit")}`}
              </p>
            )}
          </>
        }
        emptyState={<Empty failed={s.failed} filtered={filtered} onRetry={s.reload} onClear={clear} />}
      />
      <SettleRefundDialog settling={settling} onClose={() => setSettling(null)} onSettled={s.reload} />
    </div>
  );
}
