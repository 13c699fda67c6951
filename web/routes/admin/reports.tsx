/**
 * /admin/dashboard/reports — Reports / التقارير (docs/product.md#reports): the year's charts with their tables,
 * for the principal, the accountant and the administrator. The current year's figures stream with the HTML and the
 * cards start from them (docs/decisions/0051); a change of year or a retry asks the API.
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
import { type ReportYear, reportYear } from "@worker/services/reports/year";
import { DEFAULT_PASS_MARK_PERCENT } from "@worker/contracts/rollover";
import { workerContext } from "~/context";
import { markSettled, ReportsPage, type ReportsFigures } from "~/features/reports/admin/reports-page";
import { cookieAdmin } from "~/lib/admin-session.server";
import { pageTitle } from "~/i18n";
import type { Route } from "./+types/reports";

/**
 * Server: each chart's answer for the current year, as the API gives it, for the admin whose session cookie came with
 * the request and may read reports; else nulls (docs/decisions/0022). Not awaited: each streams after the HTML
 * shell as it is ready. A chart that fails here is null, and its card asks the API (which says why). A client
 * navigation gets the same in one request.
 */
export function loader({ request, context }: Route.LoaderArgs): ReportsFigures {
  const env = context.get(workerContext).env;
  const db = getDb(env);
  const today = schoolDate(clockNow(env.TEST_CLOCK, request.headers.get("X-Test-Now")));
  const reads = (a: ActingStaff | null) => !!a && !a.mustChangePassword && can(a.role, "reports.read");
  const allowed = cookieAdmin(request, db).then(reads, () => false);
  const year = allowed.then((ok) => (ok ? reportYear(db, undefined) : null));
  const first = <T,>(answer: (y: ReportYear) => Promise<T>): Promise<T | null> =>
    year.then((y) => (y ? answer(y) : null)).catch(() => null);
  return {
    collection: first((y) => collectionAnswer(db, y, today)),
    overdue: first((y) => overdueAnswer(db, y, today)),
    sources: first((y) => sourcesAnswer(db, y)),
    results: first((y) => resultsAnswer(db, y, DEFAULT_PASS_MARK_PERCENT)),
    messages: first((y) => messagesAnswer(db, y)),
  };
}

/**
 * The server's figures, each marked when it settles (React's `use` then reads one already in without suspending:
 * on a cold load they have streamed in with the HTML before the console first renders).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const figures = await serverLoader();
  for (const answer of Object.values(figures)) markSettled(answer);
  return figures;
}
clientLoader.hydrate = true as const;

/** The figures came once with the page; the cards fetch their own after that (a year, a retry). */
export function shouldRevalidate() {
  return false;
}

/** `<title>`: "Reports | school" in the console language. */
export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "reports.title", { noindex: true });
}

/** The page. */
export default function Reports({ loaderData }: Route.ComponentProps) {
  return <ReportsPage figures={loaderData} />;
}
