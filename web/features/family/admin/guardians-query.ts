/**
 * The Guardians page's search and filter live in the URL (`?search=امينه&account=open&page=2&limit=20`), each read
 * with the API's own schema (`guardianListQuerySchema`); a refused value (a hand-edited link) is dropped. Changing
 * the search or the filter returns to page 1.
 */
import { GUARDIAN_ACCOUNT_FILTERS, guardianListQuerySchema } from "@worker/contracts/family-admin";
import { ADMIN_PAGE_SIZES, DEFAULT_PAGE_SIZE } from "~/components/data-table";

export type GuardianAccountFilter = (typeof GUARDIAN_ACCOUNT_FILTERS)[number];

/** What the page sends: "" = no search or filter. */
export interface GuardiansQuery {
  search: string;
  account: GuardianAccountFilter | "";
  page: number;
  limit: number;
}

const shape = guardianListQuerySchema.shape;

/** The query for these URL params. */
export function readGuardiansQuery(params: URLSearchParams): GuardiansQuery {
  const limit = Number(params.get("limit"));
  const page = shape.page.safeParse(params.get("page") ?? undefined);
  const account = shape.account.safeParse(params.get("account") ?? undefined);
  const search = params.get("search") ?? "";
  return {
    search: search.length <= 100 ? search : "",
    account: (account.success && account.data) || "",
    page: (page.success && page.data) || 1,
    limit: (ADMIN_PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}

/** URL params for `q`, leaving out empty filters and default paging. */
export function writeGuardiansQuery(q: GuardiansQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (q.search) out.set("search", q.search);
  if (q.account) out.set("account", q.account);
  if (q.page > 1) out.set("page", String(q.page));
  if (q.limit !== DEFAULT_PAGE_SIZE) out.set("limit", String(q.limit));
  return out;
}

export { GUARDIAN_ACCOUNT_FILTERS };
