/**
 * The Messages page's calls (docs/product.md#guardians-and-messages) through the typed Hono client: the log, the
 * counts, retrying a failed message and the settings. Throws `ApiFailure` (status 0 = network error).
 */
import type { MessageJson } from "@worker/contracts/messages";
import { apiClient, call } from "~/lib/api";
import type { MessagesQuery } from "./messages-query";

/** One message as the API returns it. */
export type Message = MessageJson;

/** `GET /api/admin/messages` with the given filters (empty = none), newest first. */
export function fetchMessages(q: MessagesQuery & { student_no?: string }) {
  const query = {
    kind: q.kind,
    status: q.status,
    grade: q.grade,
    ...(q.student_no ? { student_no: q.student_no } : {}),
    page: String(q.page),
    limit: String(q.limit),
  };
  return call(apiClient().api.admin.messages.$get({ query }));
}

export type MessagesPage = Awaited<ReturnType<typeof fetchMessages>>;

/** `GET /api/admin/messages/counts`: today and this month (Cairo) by status. */
export const fetchMessageCounts = () => call(apiClient().api.admin.messages.counts.$get());
export type MessageCounts = Awaited<ReturnType<typeof fetchMessageCounts>>;

/** `POST /api/admin/messages/{id}/retry`: a failed (or late queued) message queued again to the current guardian. */
export const retryMessage = (id: number) =>
  call(apiClient().api.admin.messages[":id"].retry.$post({ param: { id: String(id) } }));

/** `GET /api/admin/messages/settings`. */
export const fetchMessageSettings = async () => (await call(apiClient().api.admin.messages.settings.$get())).settings;
export type MessageSettings = Awaited<ReturnType<typeof fetchMessageSettings>>;

/** `PUT /api/admin/messages/settings`: answers the settings after the change. */
export const saveMessageSettings = async (json: Partial<MessageSettings>) =>
  (await call(apiClient().api.admin.messages.settings.$put({ json }))).settings;
