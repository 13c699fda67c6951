/**
 * The Audit Log page's call (issue 6 "Audit trail"): `GET /api/admin/audit` through the typed Hono client, which
 * honours the base-URL override and sends the bearer token. Throws `ApiFailure` (status 0 = network error) with the
 * server's message. Times are ISO 8601 UTC; `before`/`after` are the parsed JSON snapshots of the record (or null).
 */
import type { AuditQuery } from "@worker/api/audit.schema";
import { apiClient, call } from "~/lib/api";

/** One audit row as the API returns it. */
export interface AuditEntry {
  id: number;
  /** ISO 8601 UTC. */
  at: string;
  /** Username of the acting admin (null if the account was removed before usernames were recorded). */
  admin: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  request_id: string | null;
}

/** Paging data of a list response (1-based page). */
export interface AuditPagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** A page of entries plus the values the Entity and Admin filters offer. */
export interface AuditPage {
  data: AuditEntry[];
  pagination: AuditPagination;
  filters: { entities: string[]; admins: string[] };
}

/** `GET /api/admin/audit` with the given filters (empty strings = no filter), newest first. */
export async function fetchAuditPage(q: AuditQuery): Promise<AuditPage> {
  const query = {
    entity: q.entity,
    entity_id: q.entity_id,
    admin: q.admin,
    from: q.from,
    to: q.to,
    page: String(q.page),
    limit: String(q.limit),
  };
  return (await call(apiClient().api.admin.audit.$get({ query }))) as AuditPage;
}
