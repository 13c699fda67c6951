/**
 * /admin/dashboard/fees — Fees Management (docs/product.md#fees, #payments-and-receipts). Lists fee records in EGP
 * with grade/status filters and a search (name and ID), all applied by the server, which also sorts and pages (one
 * page of 15/20/30/50 records at a time, docs/decisions/0011-admin-lists-page-on-the-server.md); inline edit and
 * inline payment entry (both confirmed, optimistic, reverting on failure), a delete dialog, the Add Fee Record modal,
 * each record's payments with printable receipts, a CSV export of every record matching the filters (fetched
 * unpaged), and a live reload of the current page on `fees_changed`. Only what the role may do is offered
 * (docs/product.md#staff-and-roles): adding, editing, payments, deleting, discounts and the import with `fees.write`,
 * receipts and statements with `print.statements`, the list and its export with `fees.read`.
 */
import { ImportButton } from "~/features/import/admin/import-button";
import { OnlinePaymentsCard } from "~/features/fees/admin/online-payments-card";
import { useCallback, useMemo, useState } from "react";
import { toast } from "~/components/ui/lazy-toast";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { Download, Plus, RefreshCw } from "lucide-react";
import { DataTable, DEFAULT_PAGE_SIZE } from "~/components/data-table";
import { Button } from "~/components/ui/button";
import { formatEgp, formatNumber } from "~/lib/format";
import type { AdminGrade } from "~/lib/admin-events";
import { AddFeeDialog } from "~/features/fees/admin/add-fee-dialog";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { feeColumns } from "~/features/fees/admin/fee-columns";
import { FeeRowsContext, feeRowKey } from "~/features/fees/admin/fee-row-state";
import { exportFeesCsv } from "~/features/fees/admin/fees-csv";
import { LiveDot } from "~/components/data-table/list-filters";
import { DUE_WITHIN_CHOICES, FEE_FILTER_STATUSES, FeesToolbar } from "~/features/fees/admin/fees-toolbar";
import { feesPrimer, listFees, type FeeRecord, type Payment } from "~/features/fees/admin/fees-api";
import { urlYear } from "~/features/fees/admin/fees-url";
import { getToken } from "~/lib/auth-storage";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { PaymentsDialog } from "~/features/fees/admin/payments-dialog";
import { ReceiptDialog } from "~/features/fees/admin/receipt-dialog";
import { useFeeActions } from "~/features/fees/admin/use-fee-actions";
import { useFeeList } from "~/features/fees/admin/use-fee-list";
import { useReasonText } from "~/lib/reason-text";
import { useDebouncedSearch } from "~/lib/use-debounce";
import { navState, useListIntents } from "~/lib/use-list-intents";
import { cn } from "~/lib/utils";
import { GRADES } from "@worker/lib/school-grades";
import { useCanFn } from "~/lib/use-me";

/** The filters of the page before any navigation intent: the default first page is primed with them. */
const DEFAULT_FEE_FILTERS = { grade: "All", status: "All", search: "" };

/**
 * Starts the default first page while the console renders, without waiting for it: the page takes the answer if
 * its first request is the same (no navigation filters), so the table is usable sooner.
 */
export async function clientLoader() {
  if (getToken()) feesPrimer.prime({ filters: DEFAULT_FEE_FILTERS, page: 1, limit: DEFAULT_PAGE_SIZE });
  return null;
}
clientLoader.hydrate = true as const;

/** A filter's value from the page's query string when it is one of `allowed`, else "All". */
function urlFilter(search: string, key: string, allowed: readonly string[]): string {
  const v = new URLSearchParams(search).get(key);
  return v && allowed.includes(v) ? v : "All";
}

/** The Fees Management page. */
export default function FeesPage() {
  const { t, i18n } = useTranslation();
  const { reasonText } = useReasonText();
  const lang = i18n.language;
  const location = useLocation();
  // `?grade=` too: the Reports page's overdue bars open the overdue list of one grade.
  const [grade, setGrade] = useState<string>(
    () => navState(location.state).grade ?? urlFilter(location.search, "grade", GRADES),
  );
  // `?status=overdue` and `?due_within_days=N` open the overdue list (the dashboard links here with them).
  const [status, setStatus] = useState(() => urlFilter(location.search, "status", FEE_FILTER_STATUSES));
  const [dueWithin, setDueWithin] = useState(() => urlFilter(location.search, "due_within_days", DUE_WITHIN_CHOICES));
  const [search, setSearch] = useState(() => navState(location.state).search ?? "");
  // `?year=arrears` opens the arrears and `?academic_year=YYYY-YYYY` one year's accounts (the Reports page's overdue
  // bars and the dashboard link with them); default the current year. Paging and sorting keep it.
  const [year, setYear] = useState(() => urlYear(location.search));
  const [addOpen, setAddOpen] = useState(() => navState(location.state).openAdd ?? false);
  const [paymentsOf, setPaymentsOf] = useState<FeeRecord | null>(null);
  const [receipt, setReceipt] = useState<{ fee: FeeRecord; payment: Payment } | null>(null);

  const [exporting, setExporting] = useState(false);
  const onAuthFailure = useHandleAuthFailure();
  const can = useCanFn();
  const canWrite = can("fees.write");
  const canPrint = can("print.statements");
  // The box shows every keystroke; the server is asked once the typing rests (SEARCH_DEBOUNCE_MS).
  const appliedSearch = useDebouncedSearch(search);
  const filters = useMemo(
    () => ({ grade, status, search: appliedSearch, dueWithin, year }),
    [grade, status, appliedSearch, dueWithin, year],
  );
  const { fees, setFees, total, loading, fetching, reload, live, server } = useFeeList(filters);
  const openReceipt = useCallback((fee: FeeRecord, payment: Payment) => setReceipt({ fee, payment }), []);
  const { rowsApi, confirm, setConfirm, onConfirm, deleting, closeEditor } = useFeeActions({
    setFees,
    reload,
    lang,
    canWrite,
    canPrint,
    openPayments: setPaymentsOf,
    openReceipt,
  });

  useListIntents("fees", {
    openAdd: () => setAddOpen(true),
    setSearch,
    setGrade: (g: AdminGrade) => setGrade(g),
  });

  const columns = useMemo(() => feeColumns(t), [t]);
  // The dialog shows the row as it is now (after payments or live reloads), not as it was when opened.
  const paymentsRow = paymentsOf ? (fees.find((f) => f.id === paymentsOf.id) ?? paymentsOf) : null;

  // The server refuses to delete a record with receipts (history is kept); say so before the admin tries.
  const deleteBlocked = confirm?.kind === "delete" && confirm.fee.payments.length > 0;

  const changeFilter = (apply: () => void) => {
    closeEditor();
    apply();
  };

  // The table holds one page: the export asks the server for every record matching the filters.
  const onExport = async () => {
    setExporting(true);
    try {
      exportFeesCsv(await listFees({ grade, status, search, dueWithin, year }), grade, t);
    } catch (err) {
      if (!onAuthFailure(err)) toast.error(t("fees.errors.exportFailed"));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">{t("fees.title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("fees.subtitle")}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LiveDot status={live} />
          <Button variant="outline" onClick={() => void reload()} disabled={fetching} aria-busy={fetching || undefined}>
            <RefreshCw aria-hidden="true" className={cn(fetching && "animate-spin")} />
            {t("fees.refresh")}
          </Button>
          {can("fees.read") && (
            <Button
              variant="outline"
              onClick={() => void onExport()}
              disabled={loading || exporting || total === 0}
              aria-busy={exporting || undefined}
            >
              <Download aria-hidden="true" />
              {t("fees.exportCsv")}
            </Button>
          )}
          <ImportButton kind="fees" onDone={() => void reload()} />
          {canWrite && (
            <Button onClick={() => setAddOpen(true)}>
              <Plus aria-hidden="true" />
              {t("fees.add")}
            </Button>
          )}
        </div>
      </div>

      <OnlinePaymentsCard onChecked={() => void reload()} />

      <FeeRowsContext.Provider value={rowsApi}>
        <DataTable
          label={t("fees.title")}
          idPrefix="fees"
          columns={columns}
          data={fees}
          getRowId={feeRowKey}
          loading={loading}
          server={server}
          rowClassName={(f) =>
            rowsApi.editor?.rowKey === feeRowKey(f)
              ? "bg-primary/5 hover:bg-primary/5"
              : rowsApi.pending.has(feeRowKey(f))
                ? "opacity-70"
                : undefined
          }
          toolbar={
            <>
              <FeesToolbar
                year={year}
                onYear={(v) => changeFilter(() => setYear(v))}
                grade={grade}
                onGrade={(v) => changeFilter(() => setGrade(v))}
                status={status}
                onStatus={(v) => changeFilter(() => setStatus(v))}
                search={search}
                onSearch={setSearch}
                dueWithin={dueWithin}
                onDueWithin={(v) => changeFilter(() => setDueWithin(v))}
              />
              {!loading ? (
                <p className="-mb-1 text-sm text-muted-foreground" aria-live="polite">
                  {t("fees.count", { count: total, formatted: formatNumber(total, lang) })}
                </p>
              ) : null}
            </>
          }
          emptyState={
            <div className="grid gap-1">
              <p className="font-medium text-foreground">{t("fees.empty")}</p>
              <p className="text-sm">{t("fees.emptyHint")}</p>
            </div>
          }
        />
      </FeeRowsContext.Provider>

      <AddFeeDialog
        // A quick action's or a link's intent to add opens nothing for a role that may not.
        open={addOpen && canWrite}
        onOpenChange={setAddOpen}
        defaultGrade={grade}
        onCreated={(fee) => {
          setFees((rows) => [fee, ...rows.filter((r) => r.id !== fee.id)]);
          void reload();
        }}
      />
      <PaymentsDialog
        fee={paymentsRow}
        lang={lang}
        onOpenChange={(open) => !open && setPaymentsOf(null)}
        onReceipt={openReceipt}
        canWrite={canWrite}
        canPrint={canPrint}
        onChanged={(fee) => {
          setPaymentsOf(fee);
          setFees((rows) => rows.map((r) => (r.id === fee.id ? fee : r)));
        }}
      />
      <ReceiptDialog
        payment={canPrint ? (receipt?.payment ?? null) : null}
        student={receipt?.fee ?? null}
        onOpenChange={(open) => !open && setReceipt(null)}
      />

      <ConfirmDialog
        open={confirm?.kind === "save" || confirm?.kind === "payment"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t(confirm?.kind === "payment" ? "fees.confirm.paymentTitle" : "fees.confirm.saveTitle")}
        description={t(confirm?.kind === "payment" ? "fees.confirm.payment" : "fees.confirm.save")}
        details={
          confirm?.kind === "payment"
            ? t("fees.confirm.paymentDetails", {
                amount: formatEgp(confirm.amount, lang),
                name: confirm.fee.full_name,
                id: confirm.fee.student_no,
              })
            : confirm?.kind === "save"
              ? t("fees.confirm.saveDetails", {
                  total: formatEgp(confirm.total, lang),
                  paid: formatEgp(confirm.paid, lang),
                })
              : null
        }
        confirmLabel={t("fees.confirm.confirm")}
        cancelLabel={t("fees.confirm.cancel")}
        onConfirm={onConfirm}
      />
      <ConfirmDialog
        open={confirm?.kind === "delete"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t("fees.delete.title")}
        description={
          confirm?.kind === "delete"
            ? t("fees.delete.body", { name: confirm.fee.full_name, id: confirm.fee.student_no })
            : ""
        }
        details={
          deleteBlocked ? <p className="text-[oklch(0.45_0.12_60)]">{reasonText("FEE_HAS_PAYMENTS")}</p> : undefined
        }
        confirmDisabled={deleteBlocked}
        confirmLabel={t("fees.delete.confirm")}
        cancelLabel={t("fees.delete.cancel")}
        destructive
        busy={deleting}
        onConfirm={onConfirm}
      />
    </div>
  );
}
