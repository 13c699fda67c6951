/**
 * /admin/dashboard/results/grade-{1..12} — per-grade results demo screen (docs/product.md#per-grade-demo):
 * local sample data, no API calls. Any other `:grade` is a 404.
 */
import type { Route } from "./+types/results-grade";
import { adminMeta } from "~/lib/admin-meta";
import { requireDemoGrade } from "~/features/grade-demo/admin/grade-param";
import { DemoResultsScreen } from "~/features/grade-demo/admin/demo-results";

/** Validates `:grade` on the server (a real 404 status for a bad URL). */
export function loader({ params }: Route.LoaderArgs) {
  return requireDemoGrade(params.grade);
}

/** The same check in the browser, so client navigation needs no server round trip. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return requireDemoGrade(params.grade);
}

/** Page title for the admin console. */
export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "console");
}

/** The screen, remounted per grade so each grade starts from its own sample data. */
export default function ResultsGradeDemo({ loaderData }: Route.ComponentProps) {
  return <DemoResultsScreen key={loaderData.grade} grade={loaderData.grade} />;
}
