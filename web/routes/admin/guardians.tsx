/**
 * /admin/dashboard/guardians — Guardians (docs/product.md#family-accounts, "The office"): every guardian mobile
 * number of the school, by name, with its children, WhatsApp state and family account (signed in now, last signed
 * in, never); the school's figures; a search by a guardian's or child's name, a student number or mobile digits,
 * and an account filter, both in the URL. Each row opens the number's page. Fetched in the browser (the token lives
 * in localStorage); server-side pages of 15/20/30/50 rows. For those who edit students' guardians.
 */
import { useTranslation } from "react-i18next";
import { FilterX, RefreshCw } from "lucide-react";
import { ADMIN_PAGE_SIZES, DataTablePagination } from "~/components/data-table";
import { FilterSelect, SearchBox } from "~/components/data-table/list-filters";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { GUARDIAN_ACCOUNT_FILTERS, type GuardiansQuery } from "~/features/family/admin/guardians-query";
import { GuardiansTable } from "~/features/family/admin/guardians-table";
import { useGuardians } from "~/features/family/admin/use-guardians";
import { pageTitle } from "~/i18n";
import { formatNumber } from "~/lib/format";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/guardians";

/** `<title>`: "Guardians | school" in the console language. */
export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "guardians.title", { noindex: true });
}

const ALL = "__all";

function Figure({ label, value }: { label: string; value: number | undefined }) {
  const { i18n } = useTranslation();
  return (
    <div className="grid content-between gap-1 rounded-lg border bg-card p-3 sm:p-4">
      <dt className="text-xs font-semibold text-muted-foreground sm:text-sm">{label}</dt>
      <dd className="text-xl font-bold tabular-nums sm:text-2xl">
        {value === undefined ? <Skeleton className="h-7 w-12" /> : formatNumber(value, i18n.language)}
      </dd>
    </div>
  );
}

export default function GuardiansPage() {
  const { t } = useTranslation();
  const list = useGuardians();
  const { query, setQuery, pagination, counts } = list;
  const filtered = query.search !== "" || query.account !== "";
  const clear = () => {
    list.setTyped("");
    setQuery({ ...query, search: "", account: "", page: 1 });
  };
  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">{t("guardians.title")}</h1>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t("guardians.subtitle")}</p>
        </div>
        <Button variant="outline" onClick={list.reload} disabled={list.loading}>
          <RefreshCw className={cn(list.loading && "animate-spin")} aria-hidden="true" />
          {t("messages.refresh")}
        </Button>
      </header>

      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        <Figure label={t("guardians.counts.numbers")} value={counts?.numbers} />
        <Figure label={t("guardians.counts.signedIn")} value={counts?.signed_in} />
        <Figure label={t("guardians.counts.open")} value={counts?.open} />
      </dl>

      <section
        aria-label={t("guardians.filters.label")}
        className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)] lg:grid-cols-[minmax(0,28rem)_14rem_auto]"
      >
        <SearchBox
          id="guardians-search"
          label={t("guardians.filters.search")}
          placeholder={t("guardians.filters.searchPlaceholder")}
          clearLabel={t("guardians.filters.clearSearch")}
          value={list.typed}
          onChange={list.setTyped}
        />
        <FilterSelect
          fill
          id="guardians-account"
          label={t("guardians.filters.account")}
          value={query.account || ALL}
          onChange={(v) => setQuery({ ...query, account: v === ALL ? "" : (v as GuardiansQuery["account"]), page: 1 })}
          options={[
            { value: ALL, label: t("guardians.filters.all") },
            ...GUARDIAN_ACCOUNT_FILTERS.map((f) => ({ value: f, label: t(`guardians.filters.${f}`) })),
          ]}
        />
        {filtered && (
          <Button variant="ghost" className="w-fit" onClick={clear}>
            <FilterX aria-hidden="true" />
            {t("guardians.filters.clear")}
          </Button>
        )}
      </section>

      <GuardiansTable
        rows={list.rows}
        loading={list.stale}
        failed={list.failed}
        onReload={list.reload}
        emptyAction={
          filtered ? (
            <Button variant="outline" size="sm" className="mt-2" onClick={clear}>
              <FilterX aria-hidden="true" />
              {t("guardians.filters.clear")}
            </Button>
          ) : undefined
        }
      />

      {!list.stale && pagination && pagination.total > 0 && (
        <DataTablePagination
          idPrefix="guardians"
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
