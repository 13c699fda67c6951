/** The four stat cards of News Management (docs/product.md#news): Total (with the views), Published, Drafts, Archived. */
import { Archive, FilePen, Newspaper, Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StatCard } from "~/features/dashboard/admin/stat-card";
import { formatNumber } from "~/lib/format";
import type { NewsStats } from "@worker/contracts/news";

/** Props of NewsStatCards. `stats` null = unavailable (or still loading when `loading`). */
export interface NewsStatCardsProps {
  stats: NewsStats | null;
  loading: boolean;
}

/** The stat card row. */
export function NewsStatCards({ stats, loading }: NewsStatCardsProps) {
  const { t, i18n } = useTranslation();
  const n = (v: number | undefined) => (v === undefined ? null : formatNumber(v, i18n.language));
  const unavailable = t("news.admin.stats.unavailable");
  const common = { loading, unavailable };
  return (
    <section aria-label={t("news.admin.title")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        {...common}
        label={t("news.admin.stats.total")}
        value={n(stats?.total_count)}
        hint={stats ? t("news.admin.stats.totalHint", { views: formatNumber(stats.total_views, i18n.language) }) : " "}
        icon={Newspaper}
      />
      <StatCard
        {...common}
        label={t("news.admin.stats.published")}
        value={n(stats?.published_count)}
        hint={t("news.admin.stats.publishedHint")}
        icon={Send}
        tone="bg-success/12 text-success"
      />
      <StatCard
        {...common}
        label={t("news.admin.stats.drafts")}
        value={n(stats?.draft_count)}
        hint={t("news.admin.stats.draftsHint")}
        icon={FilePen}
        tone="bg-warning/15 text-[oklch(0.5_0.13_60)]"
      />
      <StatCard
        {...common}
        label={t("news.admin.stats.archived")}
        value={n(stats?.archived_count)}
        hint={t("news.admin.stats.archivedHint")}
        icon={Archive}
        tone="bg-muted text-muted-foreground"
      />
    </section>
  );
}
