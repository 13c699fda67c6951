/**
 * /admin/dashboard/reports — Reports / التقارير (docs/product.md#reports): the year's charts with their tables, for
 * the principal, the accountant and the administrator. Data is fetched in the browser (the token lives in
 * localStorage); the charts' code loads with the first chart drawn.
 */
import { ReportsPage } from "~/features/reports/admin/reports-page";
import { pageTitle } from "~/i18n";
import type { Route } from "./+types/reports";

/** `<title>`: "Reports | school" in the console language. */
export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "reports.title", { noindex: true });
}

/** The page. */
export default function Reports() {
  return <ReportsPage />;
}
