/**
 * `/api/webhooks/whatsapp` (docs/product.md#guardians-and-messages): the WhatsApp Cloud API's subscription check
 * (GET with hub.verify_token; 403 when it does not match) and its signed status and inbound-message notifications (POST). A POST whose
 * `X-Hub-Signature-256` does not verify against WHATSAPP_APP_SECRET is answered 401 and changes nothing. The body is
 * read raw (the signature covers the exact bytes), so the route declares no body schema. A sign-in code or an
 * invitation reported failed is sent again by SMS at once (worker/services/messages/sms-fallback.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { ApiError } from "../errors";
import { createApi, errors, json } from "../openapi";
import { sendNowWith } from "../messages-runtime";
import { requestNow } from "../request-clock";
import { applyWebhook, verifyHubSignature } from "../services/messages/webhook";

const tags = ["Messages"];

const verify = createRoute({
  method: "get",
  path: "/",
  tags,
  summary: "WhatsApp webhook subscription check",
  security: [],
  request: {
    query: z.object({
      "hub.mode": z.string().optional(),
      "hub.verify_token": z.string().optional(),
      "hub.challenge": z.string().max(200).optional(),
    }),
  },
  responses: { 200: { description: "The challenge, as text" }, ...errors(400, 403) },
});

const notify = createRoute({
  method: "post",
  path: "/",
  tags,
  summary: "WhatsApp status and inbound-message notifications (signed with X-Hub-Signature-256)",
  description: "Body: the Cloud API's webhook payload (object whatsapp_business_account), read raw for the signature.",
  security: [],
  responses: {
    200: json(z.object({ statuses: z.number().int(), opt_outs: z.number().int() }), "Applied"),
    ...errors(400, 401),
  },
});

export const whatsappWebhookApi = createApi()
  .openapi(verify, async (c) => {
    const q = c.req.valid("query");
    const token = c.env.WHATSAPP_VERIFY_TOKEN;
    if (q["hub.mode"] !== "subscribe" || !token || q["hub.verify_token"] !== token) {
      throw new ApiError("FORBIDDEN");
    }
    return c.text(q["hub.challenge"] ?? "", 200);
  })
  .openapi(notify, async (c) => {
    const raw = await c.req.text();
    if (!(await verifyHubSignature(c.env.WHATSAPP_APP_SECRET, raw, c.req.header("X-Hub-Signature-256") ?? null))) {
      throw new ApiError("WEBHOOK_SIGNATURE_INVALID");
    }
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch {
      throw new ApiError("MALFORMED_JSON");
    }
    const done = await applyWebhook(c.get("db"), payload, requestNow(c), {
      pepper: c.env.PASSWORD_PEPPER,
      enqueue: sendNowWith(c.env, (p) => c.executionCtx.waitUntil(p), requestNow(c)),
    });
    return c.json({ statuses: done.statuses, opt_outs: done.optOuts }, 200);
  });
