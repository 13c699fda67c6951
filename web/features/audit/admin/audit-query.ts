/**
 * The Audit Log filters live in the URL search params, so a filtered view is a shareable link:
 * `?entity=fee_record&entity_id=2024001&student=30101011234567&admin=admin&from=2026-01-01&to=2026-01-31&page=2&limit=20`.
 * Each param is validated with the API's own zod schema (`auditQuerySchema`); an invalid one (a hand-edited link)
 * is ignored rather than sent. Changing a filter returns to page 1. Dates are `YYYY-MM-DD`.
 */
import type { output, ZodType } from "zod";
import { auditQuerySchema, type AuditQuery } from "@worker/contracts/audit";
import { ADMIN_PAGE_SIZES, DEFAULT_PAGE_SIZE } from "~/components/data-table";
import { normalizeNationalId } from "@worker/lib/normalize";

/** The filter fields a visitor sets (paging excluded). */
export type AuditFilterKey = "entity" | "entity_id" | "student" | "admin" | "from" | "to";
export const AUDIT_FILTER_KEYS: readonly AuditFilterKey[] = ["entity", "entity_id", "student", "admin", "from", "to"];

/** The URL value read by one field's schema, or the field's default when it is refused. */
const field = <S extends ZodType>(schema: S, raw: string | null): output<S> => {
  const parsed = schema.safeParse(raw ?? undefined);
  return parsed.success ? parsed.data : schema.parse(undefined);
};
const shape = auditQuerySchema.shape;

/** The query the page sends for these URL params (IDs normalised: Arabic-Indic/Persian digits → 0-9). */
export function readAuditQuery(params: URLSearchParams): AuditQuery {
  const limit = Number(params.get("limit"));
  return {
    entity: field(shape.entity, params.get("entity")),
    entity_id: normalizeNationalId(field(shape.entity_id, params.get("entity_id"))),
    student: normalizeNationalId(field(shape.student, params.get("student"))),
    admin: field(shape.admin, params.get("admin")),
    from: field(shape.from, params.get("from")),
    to: field(shape.to, params.get("to")),
    page: field(shape.page, params.get("page")),
    limit: (ADMIN_PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}

/** URL params for `q`, leaving out empty filters and default paging (short links). */
export function writeAuditQuery(q: AuditQuery): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) if (q[key]) out.set(key, q[key]);
  if (q.page > 1) out.set("page", String(q.page));
  if (q.limit !== DEFAULT_PAGE_SIZE) out.set("limit", String(q.limit));
  return out;
}

/** `q` with the filters in `patch` applied and the page back at 1. */
export function withFilters(q: AuditQuery, patch: Partial<Pick<AuditQuery, AuditFilterKey>>): AuditQuery {
  return { ...q, ...patch, page: 1 };
}

/** True when any filter is set. */
export function hasFilters(q: AuditQuery): boolean {
  return AUDIT_FILTER_KEYS.some((k) => q[k] !== "");
}

/** True when both dates are set and From is after To (the API would then find nothing). */
export function rangeInverted(q: Pick<AuditQuery, "from" | "to">): boolean {
  return q.from !== "" && q.to !== "" && q.from > q.to;
}
