/**
 * Columns of the Online payments table (docs/product.md#online-payments): Student (name, number; a family's payment
 * every child with its number and amount; the row header),
 * Date (Cairo), Amount, Status (with any refund not recorded: its amount and why), Receipt (a link to the printed receipt once paid), Paymob order, Credit to refund
 * (only when there is one). On a narrow screen the columns that do not fit go under the student, amount and status
 * first. Sorted on the client (the list is at most 200 rows).
 */
import type { TFunction } from "i18next";
import { dataTableColumns } from "~/components/data-table";
import { formatEgp, formatSchoolDateTime } from "~/lib/format";
import type { OnlinePayment, UnrecordedRefund } from "./online-payments-api";
import { Nothing, ReceiptCell, StatusCell, StudentCell } from "./online-payment-parts";

const col = dataTableColumns<OnlinePayment>();

/**
 * The column definitions; memoise on `t`, `lang`, `canPrint` and `onSettle` (given when the role may settle a refund
 * not recorded).
 */
export function onlinePaymentColumns(
  t: TFunction,
  lang: string,
  canPrint: boolean,
  onSettle?: (p: OnlinePayment, r: UnrecordedRefund) => void,
) {
  return col.columns([
    col.accessor((p) => (p.children.length ? p.children : [p]).map((c) => `${c.full_name} ${c.student_no}`).join(" "), {
      id: "student",
      header: t("onlinePayments.table.student"),
      meta: { rowHeader: true, cellClassName: "min-w-44", skeletonClassName: "w-40" },
      cell: ({ row }) => <StudentCell p={row.original} />,
    }),
    col.accessor("created_at", {
      id: "date",
      header: t("onlinePayments.table.date"),
      meta: { priority: 3, cellClassName: "whitespace-nowrap", skeletonClassName: "w-32" },
      cell: ({ getValue }) => formatSchoolDateTime(getValue(), lang),
    }),
    col.accessor("amount", {
      id: "amount",
      header: t("onlinePayments.table.amount"),
      meta: { priority: 1, align: "end", cellClassName: "whitespace-nowrap tabular-nums", skeletonClassName: "w-20" },
      cell: ({ getValue }) => formatEgp(getValue(), lang),
    }),
    col.accessor("status", {
      id: "status",
      header: t("onlinePayments.table.status"),
      meta: { priority: 2, skeletonClassName: "w-16" },
      cell: ({ row }) => <StatusCell p={row.original} onSettle={onSettle && ((r) => onSettle(row.original, r))} />,
    }),
    col.accessor((p) => p.receipt_no ?? "", {
      id: "receipt",
      header: t("onlinePayments.table.receipt"),
      meta: { priority: 4, cellClassName: "whitespace-nowrap", skeletonClassName: "w-36" },
      cell: ({ row }) => <ReceiptCell p={row.original} canPrint={canPrint} />,
    }),
    col.accessor("order_id", {
      id: "order",
      header: t("onlinePayments.table.order"),
      meta: { priority: 6, skeletonClassName: "w-24" },
      cell: ({ getValue }) => (
        <bdi dir="ltr" className="font-mono text-[13px] text-muted-foreground">
          {getValue()}
        </bdi>
      ),
    }),
    col.accessor("credit", {
      id: "credit",
      header: t("onlinePayments.table.credit"),
      meta: {
        priority: 5,
        align: "end",
        cellClassName: "whitespace-nowrap tabular-nums",
        skeletonClassName: "ms-auto w-16",
      },
      cell: ({ getValue }) =>
        getValue() > 0 ? (
          <span className="font-medium text-[oklch(0.45_0.12_60)]" data-credit="">
            {formatEgp(getValue(), lang)}
          </span>
        ) : (
          <Nothing />
        ),
    }),
  ]);
}
