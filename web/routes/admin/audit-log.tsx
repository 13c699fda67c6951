/**
 * /admin/dashboard/audit-log — the Audit Log (docs/product.md#audit-log): every change an administrator made, newest
 * first, filterable by entity, entity ID, admin and date (filters in the URL, so a view can be shared), with each
 * change's before/after values side by side. The school office uses it to settle disputes over fees and grades.
 * Data is fetched in the browser (the token lives in localStorage); server-side pages of 15/20/30/50 rows.
 */
import { useTranslation } from "react-i18next";
import { FilterX, RefreshCw } from "lucide-react";
import { DataTablePagination, ADMIN_PAGE_SIZES } from "~/components/data-table";
import { Button } from "~/components/ui/button";
import { AuditFilters } from "~/features/audit/admin/audit-filters";
import { hasFilters, withFilters } from "~/features/audit/admin/audit-query";
import { AuditTable } from "~/features/audit/admin/audit-table";
import { useAuditLog } from "~/features/audit/admin/use-audit-log";
import { cn } from "~/lib/utils";
import { pageTitle } from "~/i18n";
import type { Route } from "./+types/audit-log";

/** `<title>`: "Audit Log | school" in the console language. */
export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "audit.title", { noindex: true });
}

/** The Audit Log page. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const log = useAuditLog();
  const { query, setQuery, pagination } = log;
  const clear = () =>
    setQuery(withFilters(query, { entity: "", entity_id: "", student: "", admin: "", from: "", to: "" }));

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">{t("audit.title")}</h1>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t("audit.subtitle")}</p>
        </div>
        <Button variant="outline" onClick={log.reload} disabled={log.loading}>
          <RefreshCw className={cn(log.loading && "animate-spin")} aria-hidden="true" />
          {t("audit.refresh")}
        </Button>
      </header>

      <AuditFilters query={query} onChange={setQuery} entities={log.entities} admins={log.admins} />

      <AuditTable
        rows={log.rows}
        loading={log.stale}
        failed={log.failed}
        onRetry={log.reload}
        skeletonRows={Math.min(query.limit, 8)}
        onFilterRecord={(entity, entityId) => setQuery(withFilters(query, { entity, entity_id: entityId }))}
        onFilterStudent={(student) => setQuery(withFilters(query, { entity: "", entity_id: "", student }))}
        emptyAction={
          hasFilters(query) ? (
            <Button variant="outline" size="sm" className="mt-2" onClick={clear}>
              <FilterX aria-hidden="true" />
              {t("audit.filters.clear")}
            </Button>
          ) : undefined
        }
      />

      {!log.stale && pagination && pagination.total > 0 && (
        <DataTablePagination
          idPrefix="audit"
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
    </div>
  );
}
