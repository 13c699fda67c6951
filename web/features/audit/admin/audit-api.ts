/**
 * The Audit Log page's call (docs/product.md#audit-log): `GET /api/admin/audit` through the typed Hono client, which
 * honours the base-URL override and sends the bearer token. Throws `ApiFailure` (status 0 = network error) with the
 * server's reason. Times are ISO 8601 UTC; `before`/`after` are the parsed JSON snapshots of the record (or null).
 */
import type { AuditEntryJson, AuditQuery } from "@worker/contracts/audit";
import { apiClient, call } from "~/lib/api";

/** One audit row as the API returns it. */
export type AuditEntry = AuditEntryJson;

/** `GET /api/admin/audit` with the given filters (empty strings = no filter), newest first. */
export async function fetchAuditPage(q: AuditQuery) {
  const query = { ...q, page: String(q.page), limit: String(q.limit) };
  return call(apiClient().api.admin.audit.$get({ query }));
}

/** A page of entries plus the values the Entity and Admin filters offer. */
export type AuditPage = Awaited<ReturnType<typeof fetchAuditPage>>;
