/**
 * `/api/admin/reports` (docs/product.md#reports): the Reports page's charts, each one aggregate query over the whole
 * school following `academic_year` (default the current year). Read-only, for the principal, the accountant and the
 * administrator (`reports.read`); answers are `Cache-Control: no-store` (they move with every payment).
 */
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ZodType } from "zod";
import type { AppEnv } from "../env";
import { guarded } from "../route-permission";
import { createAdminApi, errors, json } from "../openapi";
import { requestToday } from "../request-clock";
import {
  collectionReportSchema,
  messagesReportSchema,
  overdueReportSchema,
  reportQuerySchema,
  resultsReportQuerySchema,
  resultsReportSchema,
  sourcesReportSchema,
} from "../contracts/reports";
import {
  collectionAnswer,
  messagesAnswer,
  overdueAnswer,
  resultsAnswer,
  sourcesAnswer,
} from "../services/reports/answers";

const tags = ["Reports"];
const yearNote = "academic_year: the year followed (default the current one); 404 ACADEMIC_YEAR_NOT_FOUND otherwise.";

const report = <P extends string, S extends ZodType, Q extends typeof reportQuerySchema>(
  path: P,
  summary: string,
  description: string,
  schema: S,
  query: Q,
) =>
  createRoute(
    guarded("reports.read", {
      method: "get" as const,
      path,
      tags,
      summary,
      description: `${description} ${yearNote}`,
      request: { query },
      responses: { 200: json(schema, "The chart's figures"), ...errors(400, 401, 404) },
    }),
  );

const collection = report(
  "/collection",
  "Collection by month: this year against last year",
  "Money received on the year's accounts per month (Cairo), cumulative, in EGP and as a share of what they owe.",
  collectionReportSchema,
  reportQuerySchema,
);
const overdue = report(
  "/overdue",
  "Unpaid instalments by grade and age",
  "Active students' accounts of the year: not yet due, 1-30, 31-60, 61-90, over 90 days past due (today, Cairo).",
  overdueReportSchema,
  reportQuerySchema,
);
const sources = report(
  "/sources",
  "Receipts by source per week, and credits awaiting refund",
  "Desk, online card, wallet, kiosk (and online of unknown method) per week of the year, EGP.",
  sourcesReportSchema,
  reportQuerySchema,
);
const results = report(
  "/results",
  "Marks per subject and term, pass rate per grade",
  "Marks in 10 % bins (absent apart), pass rate per grade and term with the change from the term before.",
  resultsReportSchema,
  resultsReportQuerySchema,
);
const messages = report(
  "/messages",
  "Guardians' messages per day, channel and status",
  "Each message once, in its present status (queued, sent, delivered, read, failed), on the day it was planned for.",
  messagesReportSchema,
  reportQuerySchema,
);

/** The chart's answer, marked not to be stored. */
function answer<T>(c: Context<AppEnv>, figures: T) {
  c.header("Cache-Control", "no-store");
  return figures;
}

export const reportsApi = createAdminApi()
  .openapi(collection, async (c) => {
    const q = c.req.valid("query");
    return c.json(answer(c, await collectionAnswer(c.get("db"), q.academic_year, requestToday(c))), 200);
  })
  .openapi(overdue, async (c) => {
    const q = c.req.valid("query");
    return c.json(answer(c, await overdueAnswer(c.get("db"), q.academic_year, requestToday(c))), 200);
  })
  .openapi(sources, async (c) => {
    return c.json(answer(c, await sourcesAnswer(c.get("db"), c.req.valid("query").academic_year)), 200);
  })
  .openapi(results, async (c) => {
    const q = c.req.valid("query");
    return c.json(answer(c, await resultsAnswer(c.get("db"), q.academic_year, q.pass_mark)), 200);
  })
  .openapi(messages, async (c) => {
    return c.json(answer(c, await messagesAnswer(c.get("db"), c.req.valid("query").academic_year)), 200);
  });
