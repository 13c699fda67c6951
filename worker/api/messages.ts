/**
 * `/api/admin/messages` (docs/product.md#guardians-and-messages): the log (filters student_no, kind, status, grade),
 * counts today and this month, retry of a failed or late message, and the settings (kinds on/off, the daily hour).
 */
import { createRoute, z } from "@hono/zod-openapi";
import {
  listMessagesQuerySchema,
  messageCountsSchema,
  messageListSchema,
  messageSettingsInputSchema,
  messageSettingsSchema,
} from "../contracts/messages";
import { enqueueWith } from "../messages-runtime";
import { createAdminApi, errors, json } from "../openapi";
import { reason } from "../reasons";
import { can } from "../permissions";
import { guarded } from "../route-permission";
import { listMessages, messageCounts } from "../services/messages/log";
import { retryMessage } from "../services/messages/retry";
import { getMessageSettings, updateMessageSettings } from "../services/messages/settings";

const tags = ["Messages"];
const settingsBody = z.object({ settings: messageSettingsSchema });

const list = createRoute(
  guarded("messages.read", {
    method: "get",
    path: "/",
    tags,
    summary: "The messages log, newest first",
    description: "Without fees.read, the body of a message that carries fee figures is null (its row is shown).",
    request: { query: listMessagesQuerySchema },
    responses: { 200: json(messageListSchema, "One page of messages"), ...errors(400, 401) },
  }),
);

const counts = createRoute(
  guarded("messages.read", {
    method: "get",
    path: "/counts",
    tags,
    summary: "Messages planned today and this month (Cairo), by status",
    responses: { 200: json(messageCountsSchema, "Counts by status"), ...errors(401) },
  }),
);

const retry = createRoute(
  guarded("messages.manage", {
    method: "post",
    path: "/{id}/retry",
    tags,
    summary: "Send a failed (or a late queued) message again, to the student's guardian as they are now",
    description:
      "Allowed for a failed message, or one still queued over 15 minutes past its send time and not being sent " +
      "(409 MESSAGE_NOT_RETRYABLE otherwise). It goes to the first guardian who has not opted out, by WhatsApp with " +
      "consent, else by SMS; none → 409 MESSAGE_NO_RECIPIENT.",
    request: {
      params: z.object({
        id: z
          .string()
          .regex(/^[1-9]\d{0,15}$/, reason("NOT_FOUND"))
          .transform(Number),
      }),
    },
    responses: { 200: json(z.object({ ok: z.literal(true) }), "Queued again"), ...errors(400, 401, 404, 409) },
  }),
);

const readSettings = createRoute(
  guarded("messages.read", {
    method: "get",
    path: "/settings",
    tags,
    summary: "Message settings: kinds on/off and the daily hour (Cairo)",
    responses: { 200: json(settingsBody, "The settings"), ...errors(401) },
  }),
);

const writeSettings = createRoute(
  guarded("messages.manage", {
    method: "put",
    path: "/settings",
    tags,
    summary: "Change message settings",
    request: { body: { required: true, content: { "application/json": { schema: messageSettingsInputSchema } } } },
    responses: { 200: json(settingsBody, "The settings after the change"), ...errors(400, 401) },
  }),
);

export const messagesApi = createAdminApi()
  .openapi(counts, async (c) => c.json(await messageCounts(c.get("db"), c.var.ctx.now), 200))
  .openapi(readSettings, async (c) => c.json({ settings: await getMessageSettings(c.get("db")) }, 200))
  .openapi(writeSettings, async (c) =>
    c.json({ settings: await updateMessageSettings(c.var.ctx, c.req.valid("json")) }, 200),
  )
  .openapi(list, async (c) => {
    const feesVisible = can(c.var.ctx.actor.role, "fees.read");
    return c.json(await listMessages(c.get("db"), c.req.valid("query"), feesVisible, c.var.ctx.now), 200);
  })
  .openapi(retry, async (c) => {
    await retryMessage(c.var.ctx, c.req.valid("param").id, enqueueWith(c.env));
    return c.json({ ok: true as const }, 200);
  });
