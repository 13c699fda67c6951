/**
 * `/api/public/selection/*`: Prep-3 teacher selection for students, no sign-in (docs/product.md#teacher-selection).
 * The lookups and the save share the public lookup budget (429 RATE_LIMITED). Their 403s come in an order that
 * tells nothing about who is a student: first the period (NO_ACTIVE_PERIOD, PERIOD_NOT_OPEN, the same for every
 * ID), then one identical SELECTION_NOT_ELIGIBLE for an unknown ID and for a student who is not an active Prep-3
 * student (services/selection-read.ts `visibleStudent`).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { enforcePublicLookupLimits } from "../middleware/rate-limit";
import { createApi, errors, json } from "../openapi";
import {
  availableTeachers,
  lookupStudent,
  seatSnapshot,
  studentSelectionState,
  visibleStudent,
} from "../services/selection-read";
import { saveSelections } from "../services/selection-write";
import { idempotencyKeySchema } from "../contracts/fees";
import {
  seatCountsSchema,
  selectBodySchema,
  selectResultSchema,
  selectionStateSchema,
  studentCardSchema,
  studentParamSchema,
  teacherOptionSchema,
} from "../contracts/public-selection";

const tags = ["Teacher selection (public)"];
const refusals =
  "403 NO_ACTIVE_PERIOD or PERIOD_NOT_OPEN for every ID while selection is closed; then 403 SELECTION_NOT_ELIGIBLE, one identical answer for an unknown ID and for a student who is not an active Prep-3 student.";

const student = createRoute({
  method: "get",
  path: "/student/{id}",
  tags,
  summary: "The student card of an active Prep-3 student",
  description: refusals,
  request: { params: studentParamSchema },
  responses: {
    200: json(z.object({ success: z.literal(true), data: studentCardSchema }), "The student card"),
    ...errors(400, 403, 429),
  },
});

const selections = createRoute({
  method: "get",
  path: "/student/{id}/selections",
  tags,
  summary: "The student's current selections and what they may still do",
  description: `periodClosed is true unless the period is open (an ended active period is view only). ${refusals}`,
  request: { params: studentParamSchema },
  responses: {
    200: json(z.object({ success: z.literal(true), data: selectionStateSchema }), "The selection state"),
    ...errors(400, 403, 429),
  },
});

const teachers = createRoute({
  method: "get",
  path: "/teachers/{id}",
  tags,
  summary: "Active teachers of active subjects, with their seats",
  description: refusals,
  request: { params: studentParamSchema },
  responses: {
    200: json(
      z.object({ success: z.literal(true), teachers: z.array(teacherOptionSchema) }),
      "The teachers by subject",
    ),
    ...errors(400, 403, 429),
  },
});

const seats = createRoute({
  method: "get",
  path: "/seats",
  tags,
  summary: "Seats left per teacher and session",
  description:
    "No personal data, so it is cached briefly (public, max-age=2) and polled by every open page; not rate-limited.",
  responses: {
    200: json(z.object({ success: z.literal(true), seats: z.array(seatCountsSchema) }), "The seats"),
    ...errors(),
  },
});

const select = createRoute({
  method: "post",
  path: "/student/select",
  tags,
  summary: "Save the selections, or update them once",
  description: `201 created or 200 updated. 400 SELECTION_INCOMPLETE (required) or SELECTION_TEACHER_MISMATCH; 403 UPDATE_USED (hasUpdated), CHANGES_NOT_ALLOWED, UPDATE_DEADLINE_PASSED or SELECTION_STATE_CHANGED; 409 NO_SEATS (subject_id, subject_name) or SELECTION_SAVED_MEANWHILE. ${refusals}`,
  request: {
    headers: z.object({
      "idempotency-key": idempotencyKeySchema.describe(
        "Made once per save (e.g. a UUID) and sent again with its retries: a save already accepted with this key is answered as it was, with Idempotent-Replayed: true, and nothing is saved again",
      ),
    }),
    body: { required: true, content: { "application/json": { schema: selectBodySchema } } },
  },
  responses: {
    201: json(selectResultSchema, "Saved (action: created)"),
    200: json(selectResultSchema, "Updated (action: updated, hasUpdated: true)"),
    ...errors(400, 403, 409, 429),
  },
});

export const publicSelectionApi = createApi()
  .openapi(student, async (c) => {
    const { id } = c.req.valid("param");
    await enforcePublicLookupLimits(c, "selection", id);
    return c.json(
      { success: true as const, data: await lookupStudent(c.get("db"), id, new Date().toISOString()) },
      200,
    );
  })
  .openapi(selections, async (c) => {
    const { id } = c.req.valid("param");
    await enforcePublicLookupLimits(c, "selection", id);
    return c.json(
      { success: true as const, data: await studentSelectionState(c.get("db"), id, new Date().toISOString()) },
      200,
    );
  })
  .openapi(teachers, async (c) => {
    const { id } = c.req.valid("param");
    await enforcePublicLookupLimits(c, "selection", id);
    await visibleStudent(c.get("db"), id, new Date().toISOString());
    return c.json({ success: true as const, teachers: await availableTeachers(c.get("db")) }, 200);
  })
  .openapi(seats, async (c) => {
    c.header("Cache-Control", "public, max-age=2");
    return c.json({ success: true as const, seats: await seatSnapshot(c.get("db")) }, 200);
  })
  .openapi(select, async (c) => {
    const { student_id, selections } = c.req.valid("json");
    await enforcePublicLookupLimits(c, "select", student_id);
    const key = c.req.valid("header")["idempotency-key"];
    const { replayed, ...result } = await saveSelections(c.get("db"), student_id, selections, new Date(), key);
    if (replayed) c.header("Idempotent-Replayed", "true");
    return result.action === "created" ? c.json(result, 201) : c.json(result, 200);
  });
