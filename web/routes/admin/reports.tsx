/**
 * /admin/dashboard/reports — Reports / التقارير (docs/product.md#reports): the year's charts with their tables,
 * for the principal, the accountant and the administrator. A cold load streams the current year's figures with the HTML
 * (docs/decisions/0048); a change of year, a retry or a client navigation asks the API.
 */
import { getDb } from "@worker/db";
import type { ActingStaff } from "@worker/env";
import { schoolDate } from "@worker/lib/fee-schedule";
import { can } from "@worker/permissions";
import { clockNow } from "@worker/request-clock";
import {
  collectionAnswer,
  messagesAnswer,
  overdueAnswer,
  resultsAnswer,
  sourcesAnswer,
} from "@worker/services/reports/answers";
import { DEFAULT_PASS_MARK_PERCENT } from "@worker/contracts/rollover";
import { workerContext } from "~/context";
import { ReportsPage } from "~/features/reports/admin/reports-page";
import { primeReports } from "~/features/reports/admin/reports-primer";
import { cookieAdmin } from "~/lib/admin-session.server";
import { getBaseUrl } from "~/lib/api";
import { getToken } from "~/lib/auth-storage";
import { pageTitle } from "~/i18n";
import type { Route } from "./+types/reports";

/**
 * Server: each chart's answer for the current year, as the API gives it, for the admin whose session cookie came with
 * the request and may read reports; else nulls (docs/decisions/0022). Not awaited: each streams after the HTML
 * shell as it is ready. A chart that fails here is null, and the page asks the API (which says why).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(workerContext).env;
  const db = getDb(env);
  const today = schoolDate(clockNow(env.TEST_CLOCK, request.headers.get("X-Test-Now")));
  const reads = (a: ActingStaff | null) => !!a && !a.mustChangePassword && can(a.role, "reports.read");
  const allowed = cookieAdmin(request, db).then(reads, () => false);
  const first = <T,>(answer: () => Promise<T>): Promise<T | null> =>
    allowed.then((ok) => (ok ? answer() : null)).catch(() => null);
  return {
    collection: first(() => collectionAnswer(db, undefined, today)),
    overdue: first(() => overdueAnswer(db, undefined, today)),
    sources: first(() => sourcesAnswer(db, undefined)),
    results: first(() => resultsAnswer(db, undefined, DEFAULT_PASS_MARK_PERCENT)),
    messages: first(() => messagesAnswer(db, undefined)),
  };
}

/** Only the route's first clientLoader call can hydrate the page the server rendered; later ones are navigations. */
let firstCall = true;

/**
 * When hydrating the page the server rendered for this origin (a base-URL override means another backend's data),
 * hands the streamed figures to the charts' first fetch.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const hydrating = firstCall && new URL(request.url).pathname === window.location.pathname;
  firstCall = false;
  // Not awaited: hydration does not wait for the stream; each chart's first fetch waits for its own answer.
  if (hydrating && getToken() && getBaseUrl() === window.location.origin) primeReports(serverLoader());
  return null;
}
clientLoader.hydrate = true as const;

/** `<title>`: "Reports | school" in the console language. */
export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "reports.title", { noindex: true });
}

/** The page. */
export default function Reports() {
  return <ReportsPage />;
}
