/** `GET /api/student/results/:nationalId` — public, rate-limited, `no-store` (contract "Public results"). */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { normalizeNationalId } from "../lib/normalize";
import { enforcePublicLookupLimits } from "../middleware/rate-limit";
import { addOperations } from "../openapi-legacy";
import { lookupPublishedResults } from "../services/public-results";
import { validate } from "../validate";

export const nationalIdParamSchema = z.object({
  nationalId: z
    .string()
    .transform(normalizeNationalId)
    .pipe(z.string().min(1, "National ID is required").max(20, "Invalid national ID").regex(/^[A-Za-z0-9]+$/, "Invalid national ID")),
});

export const publicResultsApi = new Hono<AppEnv>().get("/:nationalId", validate("param", nationalIdParamSchema), async (c) => {
  const { nationalId } = c.req.valid("param");
  await enforcePublicLookupLimits(c, "results", nationalId);
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await lookupPublishedResults(c.get("db"), nationalId) });
});

addOperations([
  {
    method: "get",
    path: "/api/student/results/:nationalId",
    tag: "Results (public)",
    summary: "Published results by national ID (digits normalised)",
    responses: { 200: "{success, data}", 403: "{resultsNotPublished} or {requiresPayment}", 404: "Not found / no results", 429: "Rate limited" },
  },
]);
