/**
 * /admin/dashboard/{students,fees,results}/grade-{1..12} — the per-grade demo screens (docs/product.md#per-grade-demo):
 * local sample data, no API calls. One module for the three sections (web/routes.ts gives each its own route id);
 * any other `:grade` is a 404.
 */
import type { Route } from "./+types/grade-demo";
import { adminMeta } from "~/lib/admin-meta";
import { requireDemoGrade } from "~/features/grade-demo/admin/grade-param";
import { DemoFeesScreen } from "~/features/grade-demo/admin/demo-fees";
import { DemoResultsScreen } from "~/features/grade-demo/admin/demo-results";
import { DemoStudentsScreen } from "~/features/grade-demo/admin/demo-students";

const SCREENS = { students: DemoStudentsScreen, fees: DemoFeesScreen, results: DemoResultsScreen } as const;
type Section = keyof typeof SCREENS;

/** The section of a demo URL: the path segment before `:grade`. */
function sectionOf(url: string): Section {
  const segment = new URL(url).pathname.split("/").at(-2);
  return segment === "fees" || segment === "results" ? segment : "students";
}

/** Validates `:grade` on the server (a real 404 status for a bad URL). */
export function loader({ params, request }: Route.LoaderArgs) {
  return { ...requireDemoGrade(params.grade), section: sectionOf(request.url) };
}

/** The same check in the browser, so client navigation needs no server round trip. */
export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return { ...requireDemoGrade(params.grade), section: sectionOf(request.url) };
}

/** Page title for the admin console. */
export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "console");
}

/** The section's screen, remounted per grade so each grade starts from its own sample data. */
export default function GradeDemo({ loaderData }: Route.ComponentProps) {
  const Screen = SCREENS[loaderData.section];
  return <Screen key={`${loaderData.section}-${loaderData.grade}`} grade={loaderData.grade} />;
}
