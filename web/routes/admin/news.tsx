/**
 * /admin/dashboard/news — News Management (docs/product.md#news): the four stat cards, a search (debounced 500 ms,
 * back to page 1), the status filter, Add News, the table with View/Edit/Delete, "Page X of Y" pagination, one
 * view/edit/add modal and the delete confirmation. The add modal also opens on the window event
 * `admin:open-add-news` or with navigation state `{ openAdd: true }`. The list and counters reload on
 * `news_updated`. A role without `news.manage` (docs/product.md#staff-and-roles) gets the list and View only.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Plus, Search } from "lucide-react";
import { NEWS_STATUSES } from "@worker/contracts/news";
import { DataTable } from "~/components/data-table";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { DeleteNewsDialog } from "~/features/news/admin/delete-news-dialog";
import type { AdminNews } from "~/features/news/admin/news-api";
import { newsColumns } from "~/features/news/admin/news-columns";
import { NewsFormDialog, type NewsModalMode } from "~/features/news/admin/news-form-dialog";
import { NewsPagination } from "~/features/news/admin/news-pagination";
import { NewsStatCards } from "~/features/news/admin/news-stats";
import { useNewsList } from "~/features/news/admin/use-news-list";
import { OPEN_ADD_NEWS_EVENT, onAdminEvent, type AdminNavState } from "~/lib/admin-events";
import { pageTitle } from "~/i18n";
import { useCan } from "~/lib/use-me";
import type { Route } from "./+types/news";

/** `<title>`: "News Management | school" in the console language. */
export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "news.admin.title", { noindex: true });
}

/** "All Status" in the filter (Radix Select needs a non-empty value). */
const ALL = "all";

/** The News Management page. */
export default function NewsManagement() {
  const { t, i18n } = useTranslation();
  const list = useNewsList();
  const location = useLocation();
  const navigate = useNavigate();
  const [modal, setModal] = useState<{ open: boolean; mode: NewsModalMode; item: AdminNews | null }>({
    open: false,
    mode: "add",
    item: null,
  });
  const [deleting, setDeleting] = useState<AdminNews | null>(null);
  const canManage = useCan("news.manage");

  const openAdd = useCallback(() => {
    if (canManage) setModal({ open: true, mode: "add", item: null });
  }, [canManage]);
  useEffect(() => onAdminEvent(OPEN_ADD_NEWS_EVENT, openAdd), [openAdd]);
  useEffect(() => {
    if (!(location.state as AdminNavState | null)?.openAdd) return;
    openAdd();
    // Consume the flag so a reload or going back does not open the modal again.
    void navigate(location.pathname + location.search, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate, openAdd]);

  const columns = useMemo(
    () =>
      newsColumns(t, i18n.language, {
        onView: (item) => setModal({ open: true, mode: "view", item }),
        ...(canManage && {
          onEdit: (item: AdminNews) => setModal({ open: true, mode: "edit", item }),
          onDelete: setDeleting,
        }),
      }),
    [t, i18n.language, canManage],
  );

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">{t("news.admin.title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("news.admin.subtitle")}</p>
        </div>
        {canManage && (
          <Button onClick={openAdd}>
            <Plus aria-hidden="true" />
            {t("news.admin.add")}
          </Button>
        )}
      </div>

      <NewsStatCards stats={list.stats} loading={list.statsLoading} />

      <DataTable
        label={t("news.admin.table.label")}
        columns={columns}
        data={list.rows}
        getRowId={(row) => String(row.id)}
        loading={list.loading}
        skeletonRows={6}
        pageSizes={false}
        emptyState={t("news.admin.table.empty")}
        idPrefix="news"
        toolbar={
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <div className="relative flex-1 sm:max-w-md">
              <Search
                className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                type="search"
                value={list.searchText}
                onChange={(e) => list.setSearchText(e.target.value)}
                placeholder={t("news.admin.search")}
                aria-label={t("news.admin.searchLabel")}
                className="ps-9"
              />
            </div>
            <Select
              value={list.status || ALL}
              onValueChange={(v) => list.setStatus(NEWS_STATUSES.find((s) => s === v) ?? "")}
            >
              <SelectTrigger aria-label={t("news.admin.statusFilter")} className="w-full sm:w-44">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{t("news.admin.allStatus")}</SelectItem>
                {NEWS_STATUSES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {t(`news.admin.status.${s}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        }
      />

      <NewsPagination
        page={list.page}
        totalPages={list.pagination?.totalPages ?? 1}
        disabled={list.loading}
        onPageChange={list.setPage}
      />

      <NewsFormDialog
        open={modal.open}
        mode={modal.mode}
        item={modal.item}
        onOpenChange={(open) => setModal((m) => ({ ...m, open }))}
        onModeChange={(mode) => setModal((m) => ({ ...m, mode }))}
        onSaved={list.reload}
      />
      <DeleteNewsDialog item={deleting} onClose={() => setDeleting(null)} onDeleted={list.reload} />
    </div>
  );
}
