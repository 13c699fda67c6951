/**
 * Columns of the News Management table (docs/product.md#news): Title (summary under it), Author, Status badge,
 * Publish Date, Actions (View, Edit, Delete). The server sorts and pages, so the columns do not sort on the client.
 */
import type { TFunction } from "i18next";
import { Eye, Pencil, Trash2 } from "lucide-react";
import { dataTableColumns } from "~/components/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatNumber } from "~/lib/format";
import { authorText } from "~/features/news/public/news-format";
import type { AdminNews, NewsStatus } from "./news-api";

/** Badge colour per status (published is a darker green than the kit's "success" so small text keeps 4.5:1). */
const STATUS_VARIANT: Record<NewsStatus, { variant: "success" | "warning" | "secondary"; className?: string }> = {
  published: { variant: "success", className: "bg-emerald-50 text-emerald-800" },
  draft: { variant: "warning" },
  archived: { variant: "secondary" },
};

/** The status pill. */
export function NewsStatusBadge({ status, t }: { status: NewsStatus; t: TFunction }) {
  const look = STATUS_VARIANT[status] ?? STATUS_VARIANT.archived;
  return (
    <Badge variant={look.variant} className={look.className}>
      {t(`news.admin.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "21 Nov 2026, 10:30" in the admin's own time zone (the same zone the form's date field uses). */
export function formatAdminDate(iso: string | null | undefined, lang: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const locale = lang.startsWith("ar") ? "ar-EG" : "en-GB";
  let f = dateFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    dateFormats.set(locale, f);
  }
  return f.format(d);
}

/** Row actions chosen in the table; without `onEdit`/`onDelete` (a role that may not change news) only View shows. */
export interface NewsRowActions {
  onView: (item: AdminNews) => void;
  onEdit?: (item: AdminNews) => void;
  onDelete?: (item: AdminNews) => void;
}

const col = dataTableColumns<AdminNews>();

/** The column definitions; memoise on `t`, `lang` and the handlers. */
export function newsColumns(t: TFunction, lang: string, actions: NewsRowActions) {
  const action = (label: string, title: string) => t("news.admin.table.actionOn", { action: label, title });
  return col.columns([
    col.accessor("title", {
      id: "title",
      header: t("news.admin.table.title"),
      enableSorting: false,
      meta: { rowHeader: true, cellClassName: "min-w-64 max-w-xl whitespace-normal", skeletonClassName: "w-64" },
      cell: ({ row }) => (
        <div className="grid gap-0.5">
          <span dir="auto" className="line-clamp-2 font-semibold text-foreground">
            {row.original.title}
          </span>
          {row.original.summary && (
            <span dir="auto" className="line-clamp-2 text-xs font-normal text-muted-foreground">
              {row.original.summary}
            </span>
          )}
        </div>
      ),
    }),
    col.accessor("author_name", {
      id: "author",
      meta: { priority: 3 },
      header: t("news.admin.table.author"),
      enableSorting: false,
      cell: ({ getValue }) => <span dir="auto">{authorText(getValue(), t)}</span>,
    }),
    col.accessor("status", {
      id: "status",
      header: t("news.admin.table.status"),
      enableSorting: false,
      meta: { priority: 1, skeletonClassName: "w-20" },
      cell: ({ getValue }) => <NewsStatusBadge status={getValue()} t={t} />,
    }),
    col.accessor("publish_date", {
      id: "publish_date",
      header: t("news.admin.table.publishDate"),
      enableSorting: false,
      meta: { priority: 2, skeletonClassName: "w-32" },
      cell: ({ row }) => (
        <div className="grid gap-0.5">
          <time dateTime={row.original.publish_date} className="tabular-nums">
            {formatAdminDate(row.original.publish_date, lang)}
          </time>
          <span className="text-xs text-muted-foreground">
            {t("news.admin.table.views", { n: formatNumber(row.original.views, lang) })}
          </span>
        </div>
      ),
    }),
    col.display({
      id: "actions",
      header: t("news.admin.table.actions"),
      meta: { align: "end", skeletonClassName: "ms-auto w-24" },
      cell: ({ row }) => {
        const item = row.original;
        const { onEdit, onDelete } = actions;
        return (
          <div className="flex justify-end gap-1">
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={action(t("news.admin.table.view"), item.title)}
              title={t("news.admin.table.view")}
              onClick={() => actions.onView(item)}
            >
              <Eye aria-hidden="true" />
            </Button>
            {onEdit && (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-primary"
                aria-label={action(t("news.admin.table.edit"), item.title)}
                title={t("news.admin.table.edit")}
                onClick={() => onEdit(item)}
              >
                <Pencil aria-hidden="true" />
              </Button>
            )}
            {onDelete && (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
                aria-label={action(t("news.admin.table.delete"), item.title)}
                title={t("news.admin.table.delete")}
                onClick={() => onDelete(item)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            )}
          </div>
        );
      },
    }),
  ]);
}
