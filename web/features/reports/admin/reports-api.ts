/**
 * Calls of the Reports page (docs/product.md#reports) through the typed Hono client: one per chart, each following
 * the year chosen (`undefined`: the current one). Failures throw `ApiFailure`.
 */
import type {
  CollectionReportJson,
  MessagesReportJson,
  OverdueReportJson,
  ResultsReportJson,
  SourcesReportJson,
} from "@worker/contracts/reports";
import { apiClient, call } from "~/lib/api";

export type { CollectionReportJson, MessagesReportJson, OverdueReportJson, ResultsReportJson, SourcesReportJson };

const query = (year: string | undefined) => (year ? { academic_year: year } : {});

/** `GET /api/admin/reports/collection`: this year's collection by month against last year's. */
export function getCollection(year?: string): Promise<CollectionReportJson> {
  return call(apiClient().api.admin.reports.collection.$get({ query: query(year) }));
}

/** `GET /api/admin/reports/overdue`: unpaid instalments by grade and age. */
export function getOverdue(year?: string): Promise<OverdueReportJson> {
  return call(apiClient().api.admin.reports.overdue.$get({ query: query(year) }));
}

/** `GET /api/admin/reports/sources`: receipts by source per week, and open credits. */
export function getSources(year?: string): Promise<SourcesReportJson> {
  return call(apiClient().api.admin.reports.sources.$get({ query: query(year) }));
}

/** `GET /api/admin/reports/results`: marks per subject and term, pass rates per grade. */
export function getResults(year?: string): Promise<ResultsReportJson> {
  return call(apiClient().api.admin.reports.results.$get({ query: query(year) }));
}

/** `GET /api/admin/reports/messages`: messages per day, channel and status. */
export function getMessages(year?: string): Promise<MessagesReportJson> {
  return call(apiClient().api.admin.reports.messages.$get({ query: query(year) }));
}
