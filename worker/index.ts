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
import { runReconciliation } from "./online-payments-runtime";
import { type CronJob, cronJob } from "./crons";
import { runYearFlip } from "./services/academic-years/flip-runtime";

export { EventHub } from "./hub";
export { LookupLimiter } from "./lookup-limiter";

/** What each Cron Trigger's job runs (worker/crons.ts names the job of each cron expression). */
const CRON_RUNS: Record<CronJob, (env: Env, at: Date) => Promise<unknown>> = {
  "message-plan": (env, at) => runScheduled(env, at),
  "payment-reconciliation": runReconciliation,
  "academic-year-flip": runYearFlip,
};

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
  /** Cron Triggers: each expression runs its job by name (worker/crons.ts); an unknown one is logged and runs nothing. */
  scheduled(controller, env, ctx) {
    const job = cronJob(controller.cron);
    if (job) ctx.waitUntil(CRON_RUNS[job](env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Env>;
