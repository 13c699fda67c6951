/**
 * /admin/dashboard/rollover — Close the year (docs/product.md#the-year-end-rollover): the year-end rollover's wizard,
 * administrators only. Data is fetched in the browser (the token lives in localStorage).
 */
import { RolloverWizard } from "~/features/rollover/admin/rollover-wizard";
import { pageTitle } from "~/i18n";
import type { Route } from "./+types/rollover";

/** `<title>`: "Close the year | school" in the console language. */
export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "rollover.title", { noindex: true });
}

/** The page. */
export default function RolloverPage() {
  return <RolloverWizard />;
}
