/**
 * /admin/dashboard/messages — Messages (docs/product.md#guardians-and-messages): the log of what was sent to
 * families (kind, channel, recipient, status, student, time; newest first), filters by kind, status and grade in the
 * URL, counts today and this month, Retry on failed messages and the settings (messages.manage). Fetched in the
 * browser (the token lives in localStorage); server-side pages of 15/20/30/50 rows.
 */
import { useTranslation } from "react-i18next";
import { FilterX, RefreshCw } from "lucide-react";
import { ADMIN_PAGE_SIZES, DataTablePagination } from "~/components/data-table";
import { Button } from "~/components/ui/button";
import { MessagesCounts } from "~/features/messages/admin/messages-counts";
import { MessagesFilters } from "~/features/messages/admin/messages-filters";
import { hasFilters, withFilters } from "~/features/messages/admin/messages-query";
import { MessagesSettings } from "~/features/messages/admin/messages-settings";
import { MessagesTable } from "~/features/messages/admin/messages-table";
import { useMessagesLog } from "~/features/messages/admin/use-messages-log";
import { pageTitle } from "~/i18n";
import { useCan } from "~/lib/use-me";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/messages";

/** `<title>`: "Messages | school" in the console language. */
export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "messages.title", { noindex: true });
}

export default function MessagesPage() {
  const { t } = useTranslation();
  const log = useMessagesLog();
  const canManage = useCan("messages.manage");
  const { query, setQuery, pagination } = log;

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">{t("messages.title")}</h1>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t("messages.subtitle")}</p>
        </div>
        <Button variant="outline" onClick={log.reload} disabled={log.loading}>
          <RefreshCw className={cn(log.loading && "animate-spin")} aria-hidden="true" />
          {t("messages.refresh")}
        </Button>
      </header>

      <MessagesCounts counts={log.counts} />
      <MessagesFilters query={query} onChange={(q) => setQuery(q)} />
      <MessagesTable
        rows={log.rows}
        loading={log.stale}
        failed={log.failed}
        onReload={log.reload}
        onRetry={canManage ? log.retry : undefined}
        retrying={log.retrying}
        emptyAction={
          hasFilters(query) ? (
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => setQuery(withFilters(query, { kind: "", status: "", grade: "" }))}
            >
              <FilterX aria-hidden="true" />
              {t("messages.filters.clear")}
            </Button>
          ) : undefined
        }
      />

      {!log.stale && pagination && pagination.total > 0 && (
        <DataTablePagination
          idPrefix="messages"
          pageIndex={pagination.page - 1}
          pageSize={query.limit}
          rowCount={pagination.total}
          pageSizes={ADMIN_PAGE_SIZES}
          onPageIndexChange={(i) =>
            setQuery({ ...query, page: Math.max(1, Math.min(i + 1, pagination.totalPages)) }, { scrollTop: true })
          }
          onPageSizeChange={(limit) => setQuery({ ...query, limit, page: 1 }, { scrollTop: true })}
        />
      )}

      {canManage && <MessagesSettings />}
    </div>
  );
}
