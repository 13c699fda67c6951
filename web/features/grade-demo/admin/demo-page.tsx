/**
 * Shared parts of the per-grade demo screens (docs/product.md#per-grade-demo): the header with the back
 * button to the main list, "Grade N" and a "Demo data" badge; and the table section with its heading (which
 * carries the row count) and search box.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ArrowLeft, FlaskConical, Search, X } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ADMIN_PAGE_PATHS, type AdminListPage } from "~/lib/admin-events";
import { formatNumber } from "~/lib/format";

/** Header: back button, title "Grade N {Section}", demo note, and optional actions (e.g. Add Result). */
export function DemoPageHeader({
  section,
  grade,
  actions,
}: {
  section: AdminListPage;
  grade: number;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const n = formatNumber(grade, i18n.language);
  return (
    <header className="grid gap-4">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ms-2 text-muted-foreground">
          <Link to={ADMIN_PAGE_PATHS[section]}>
            <ArrowLeft className="rtl:rotate-180" aria-hidden="true" />
            {t(`gradeDemo.back.${section}`)}
          </Link>
        </Button>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-primary">{t("gradeDemo.gradeN", { grade: n })}</p>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">
              {t(`gradeDemo.titles.${section}`, { grade: n })}
            </h1>
            <Badge variant="warning" className="gap-1">
              <FlaskConical aria-hidden="true" />
              {t("gradeDemo.demoBadge")}
            </Badge>
          </div>
          <p className="mt-1 text-sm text-muted-foreground">{t("gradeDemo.demoNote")}</p>
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
    </header>
  );
}

/** A search box that filters the demo table. */
export function DemoSearch({
  id,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
}) {
  const { t } = useTranslation();
  return (
    <div role="search" className="relative w-full sm:w-72">
      <label htmlFor={id} className="sr-only">
        {t("gradeDemo.search")}
      </label>
      <Search
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => e.key === "Escape" && onChange("")}
        placeholder={placeholder}
        autoComplete="off"
        className="ps-9 pe-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {value && (
        <button
          type="button"
          onClick={() => onChange("")}
          aria-label={t("students.filters.clearSearch")}
          className="absolute end-2 top-1/2 -translate-y-1/2 rounded-sm p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

/** The toolbar above a demo table: heading with the count at the start, the search at the end. */
export function DemoTableToolbar({ heading, search }: { heading: string; search: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-lg font-semibold">{heading}</h2>
      {search}
    </div>
  );
}
