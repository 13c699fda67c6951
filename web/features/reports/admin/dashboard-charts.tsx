/**
 * The dashboard's top charts (docs/product.md#dashboard, #reports): the current year's collection against last year
 * and its overdue by grade and age, with a link to every report. Shown to the roles that read reports.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CollectionCard, OverdueCard } from "./report-cards";

/** The two charts and the link to the Reports page. */
export function DashboardCharts() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="dashboard-charts" className="grid gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="dashboard-charts" className="text-lg font-semibold">
          {t("reports.dashboardCharts")}
        </h2>
        <Link
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          to="/admin/dashboard/reports"
        >
          {t("reports.allReports")}
        </Link>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <CollectionCard />
        <OverdueCard />
      </div>
    </section>
  );
}
