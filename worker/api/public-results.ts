/**
 * `GET /api/student/results/{nationalId}` (docs/product.md#public-results): public, rate-limited, `no-store`. The
 * refusals carry their reason and the flags the page decides by: 403 RESULTS_NOT_PUBLISHED `{resultsNotPublished}`,
 * 403 RESULTS_FEES_UNPAID `{requiresPayment}`, 404 RESULTS_NOT_FOUND, 429 RATE_LIMITED.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { enforcePublicLookupLimits } from "../middleware/rate-limit";
import { createApi, errorSchema, errors, json } from "../openapi";
import { lookupPublishedResults } from "../services/public-results";
import { requestToday } from "../request-clock";
import { nationalIdParamSchema, publicResultsSchema } from "../contracts/public-results";

/** The 403s: the error shape with the flag that says which rule refused. */
const refusedSchema = errorSchema.extend({
  resultsNotPublished: z
    .literal(true)
    .optional()
    .describe("RESULTS_NOT_PUBLISHED: none of the student's terms is published"),
  requiresPayment: z.literal(true).optional().describe("RESULTS_FEES_UNPAID: the fee record is not fully paid"),
});

const lookup = createRoute({
  method: "get",
  path: "/{nationalId}",
  tags: ["Results (public)"],
  summary: "Published results by national ID (digits normalised)",
  description:
    "Published terms only, newest year first (S2 before S1). 404 RESULTS_NOT_FOUND: no such student, or no results at all.",
  request: { params: nationalIdParamSchema },
  responses: {
    200: json(publicResultsSchema, "The student's published results"),
    ...errors(400, 404, 429),
    403: json(refusedSchema, "Not shown: results not yet published, or fees not fully paid"),
  },
});

export const publicResultsApi = createApi().openapi(lookup, async (c) => {
  const { nationalId } = c.req.valid("param");
  await enforcePublicLookupLimits(c, "results", nationalId);
  c.header("Cache-Control", "no-store");
  return c.json(
    { success: true as const, data: await lookupPublishedResults(c.get("db"), nationalId, requestToday(c)) },
    200,
  );
});
