/**
 * The Messages page's filters live in the URL (`?kind=payment_received&status=failed&grade=Prep-3&page=2&limit=20`),
 * each read with the API's own schema (`listMessagesQuerySchema`); a refused value (a hand-edited link) is dropped.
 * Changing a filter returns to page 1.
 */
import { listMessagesQuerySchema, type MESSAGE_KINDS, type MESSAGE_STATUSES } from "@worker/contracts/messages";
import { ADMIN_PAGE_SIZES, DEFAULT_PAGE_SIZE } from "~/components/data-table";

export type MessageKind = (typeof MESSAGE_KINDS)[number];
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What the page sends: "" = no filter. */
export interface MessagesQuery {
  kind: MessageKind | "";
  status: MessageStatus | "";
  grade: string;
  page: number;
  limit: number;
}

export type MessagesFilterKey = "kind" | "status" | "grade";
const FILTER_KEYS: readonly MessagesFilterKey[] = ["kind", "status", "grade"];
const shape = listMessagesQuerySchema.shape;

const read = <T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, raw: string | null) => {
  const parsed = schema.safeParse(raw ?? undefined);
  return parsed.success ? parsed.data : undefined;
};

/** The query for these URL params. */
export function readMessagesQuery(params: URLSearchParams): MessagesQuery {
  const limit = Number(params.get("limit"));
  return {
    kind: read(shape.kind, params.get("kind")) ?? "",
    status: read(shape.status, params.get("status")) ?? "",
    grade: params.get("grade") && read(shape.grade, params.get("grade")) ? String(params.get("grade")) : "",
    page: read(shape.page, params.get("page")) ?? 1,
    limit: (ADMIN_PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}

/** URL params for `q`, leaving out empty filters and default paging. */
export function writeMessagesQuery(q: MessagesQuery): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of FILTER_KEYS) if (q[key]) out.set(key, q[key]);
  if (q.page > 1) out.set("page", String(q.page));
  if (q.limit !== DEFAULT_PAGE_SIZE) out.set("limit", String(q.limit));
  return out;
}

/** `q` with `patch` applied and the page back at 1. */
export const withFilters = (
  q: MessagesQuery,
  patch: Partial<Pick<MessagesQuery, MessagesFilterKey>>,
): MessagesQuery => ({
  ...q,
  ...patch,
  page: 1,
});

/** True when any filter is set. */
export const hasFilters = (q: MessagesQuery) => FILTER_KEYS.some((k) => q[k] !== "");
