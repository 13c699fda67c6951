/**
 * The Worker entry: `/health` and `/api/*` go to Hono (worker/app.ts); every other request goes to React Router
 * SSR (web/), behind the pages' body limit (worker/page-body.ts). Also exports the EventHub and LookupLimiter Durable
 * Objects. See docs/decisions/0001-one-worker.md.
 */
import { createRequestHandler, RouterContextProvider } from "react-router";
import { app } from "./app";
import { withDrainedBody } from "./drain-body";
import { withPageBodyLimit } from "./page-body";
import type { Env } from "./env";
import { newNonce, withSecurityHeaders } from "./security-headers";
import { workerContext } from "../web/context";
import { handleMessageBatch, type MessageJob, runScheduled } from "./messages-runtime";
import { RECONCILE_CRON, runReconciliation } from "./online-payments-runtime";

export { EventHub } from "./hub";
export { LookupLimiter } from "./lookup-limiter";

const handleSsr = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

function isApi(pathname: string) {
  return pathname === "/health" || pathname === "/api" || pathname.startsWith("/api/");
}

export default {
  fetch(request, env, ctx) {
    return withDrainedBody(request, async (req) => {
      const { pathname } = new URL(req.url);
      if (isApi(pathname)) return withSecurityHeaders(await app.fetch(req, env, ctx), undefined, env);
      const nonce = newNonce();
      const context = new RouterContextProvider();
      context.set(workerContext, { env, ctx, nonce });
      return withSecurityHeaders(await withPageBodyLimit(req, (page) => handleSsr(page, context)), nonce, env);
    });
  },
  /** Guardians' messages: the delivery queue and its dead-letter queue (docs/decisions/0037-guardian-messages.md). */
  async queue(batch, env) {
    await handleMessageBatch(batch as MessageBatch<MessageJob>, env);
  },
  /**
   * Cron Triggers: every 10 minutes, online payments pending for 30 minutes are asked about (worker/online-payments-runtime.ts);
   * hourly, the day's message plan at the set Cairo hour.
   */
  scheduled(controller, env, ctx) {
    const at = new Date(controller.scheduledTime);
    if (controller.cron === RECONCILE_CRON) ctx.waitUntil(runReconciliation(env, at));
    else ctx.waitUntil(runScheduled(env, at));
  },
} satisfies ExportedHandler<Env>;
