/** "Page X of Y" with Previous and Next (docs/product.md#news); rendered only when there is more than one page. */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { pagerState } from "~/components/data-table";
import { formatNumber } from "~/lib/format";

/** Props of NewsPagination. `page` is 1-based. */
export interface NewsPaginationProps {
  page: number;
  totalPages: number;
  disabled?: boolean;
  onPageChange: (page: number) => void;
}

/** The pager, or nothing for a single page. */
export function NewsPagination({ page, totalPages, disabled, onPageChange }: NewsPaginationProps) {
  const { t, i18n } = useTranslation();
  if (totalPages <= 1) return null;
  const pager = pagerState(page, totalPages);
  const n = (v: number) => formatNumber(v, i18n.language, { useGrouping: false });
  return (
    <nav aria-label={t("news.admin.pagination.label")} className="flex items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t("news.admin.pagination.pageOf", { page: n(pager.page), total: n(totalPages) })}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || !pager.canPrev}
          onClick={() => onPageChange(pager.page - 1)}
        >
          <ChevronLeft className="rtl:rotate-180" aria-hidden="true" />
          {t("news.admin.pagination.previous")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || !pager.canNext}
          onClick={() => onPageChange(pager.page + 1)}
        >
          {t("news.admin.pagination.next")}
          <ChevronRight className="rtl:rotate-180" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
