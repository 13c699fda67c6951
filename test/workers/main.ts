/**
 * The Worker under test for the API project: the same Hono app, body draining, security headers and Durable Objects as
 * worker/index.ts, without the React Router build (which only exists after `vite build`).
 */
import { app } from "../../worker/app";
import { withDrainedBody } from "../../worker/drain-body";
import type { Env } from "../../worker/env";
import { withSecurityHeaders } from "../../worker/security-headers";
import { handleMessageBatch, type MessageJob } from "../../worker/messages-runtime";

export { EventHub } from "../../worker/hub";
export { LookupLimiter } from "../../worker/lookup-limiter";

export default {
  fetch: (request, env, ctx) =>
    withDrainedBody(request, async (req) => withSecurityHeaders(await app.fetch(req, env, ctx), undefined, env)),
  queue: (batch, env) => handleMessageBatch(batch as MessageBatch<MessageJob>, env),
} satisfies ExportedHandler<Env>;
