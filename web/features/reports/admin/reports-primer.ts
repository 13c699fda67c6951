/**
 * The Reports page's figures of the current year that came with a cold load's HTML (the route's server loader,
 * docs/decisions/0022 and 0048), handed to the first call of each chart's fetcher instead of a request after
 * hydration. Taken once: a later call (a reload, another year, the dashboard) asks the API.
 */
import type {
  CollectionReportJson,
  MessagesReportJson,
  OverdueReportJson,
  ResultsReportJson,
  SourcesReportJson,
} from "@worker/contracts/reports";

/** Each chart's answer for the current year, or null when the server did not read it (no session, no right). */
export interface PrimedReports {
  collection: Promise<CollectionReportJson | null>;
  overdue: Promise<OverdueReportJson | null>;
  sources: Promise<SourcesReportJson | null>;
  results: Promise<ResultsReportJson | null>;
  messages: Promise<MessagesReportJson | null>;
}

let primed: Partial<PrimedReports> = {};

const NAMES = ["collection", "overdue", "sources", "results", "messages"] as const;

/** Keeps the server's answers (the loader's data, still arriving) for the first fetch of each chart. */
export function primeReports(reports: Promise<PrimedReports>): void {
  const each = NAMES.map((n) => {
    const answer = reports.then((r) => r[n] as Promise<unknown>);
    answer.catch(() => undefined); // a chart never drawn leaves no unhandled rejection; its taker handles it
    return [n, answer];
  });
  primed = Object.fromEntries(each) as Partial<PrimedReports>;
}

/**
 * The server's answer of chart `name` for the current year (once), else `ask()`: also when the server sent null or
 * its stream failed.
 */
export function primedOr<K extends keyof PrimedReports>(
  name: K,
  ask: () => Promise<NonNullable<Awaited<PrimedReports[K]>>>,
): Promise<NonNullable<Awaited<PrimedReports[K]>>> {
  const early = primed[name] as Promise<Awaited<PrimedReports[K]>> | undefined;
  delete primed[name];
  if (!early) return ask();
  return early.then(
    (body) => body ?? ask(),
    () => ask(),
  );
}
