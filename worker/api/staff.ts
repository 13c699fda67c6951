/**
 * `/api/admin/staff` (docs/product.md#staff-and-roles): staff accounts, Administrators only. Ending a person's sessions
 * (deactivation, a reset password, "end sessions") closes their live-event streams at once.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createAdminApi, errors, json } from "../openapi";
import { guarded } from "../route-permission";
import { closeStreams } from "../services/events";
import {
  createStaff,
  endStaffSessions,
  listStaff,
  listStaffSessions,
  resetStaffPassword,
  updateStaff,
} from "../services/staff";
import {
  staffCreateSchema,
  staffIdParamSchema,
  staffJsonSchema,
  staffSessionJsonSchema,
  staffSessionParamSchema,
  staffUpdateSchema,
} from "../contracts/staff";

const tags = ["Staff"];
const staffBody = z.object({ staff: staffJsonSchema });
const endedBody = z.object({ ended: z.number().int().describe("Sessions ended") });

const list = createRoute(
  guarded("staff.manage", {
    method: "get",
    path: "/",
    tags,
    summary: "Staff accounts (active first)",
    responses: { 200: json(z.object({ staff: z.array(staffJsonSchema) }), "The accounts"), ...errors(401, 403) },
  }),
);

const create = createRoute(
  guarded("staff.manage", {
    method: "post",
    path: "/",
    tags,
    summary: "Create an account with a temporary password",
    description:
      "The person must change the password at first sign-in. 409 STAFF_USERNAME_TAKEN. A teacher's assignments name the grades and subjects whose marks they enter.",
    request: { body: { required: true, content: { "application/json": { schema: staffCreateSchema } } } },
    responses: { 201: json(staffBody, "The new account"), ...errors(400, 401, 403, 409) },
  }),
);

const update = createRoute(
  guarded("staff.manage", {
    method: "put",
    path: "/{id}",
    tags,
    summary: "Change a name, role, active flag or assignments",
    description:
      "Deactivating ends every session at once. 409 LAST_ADMINISTRATOR when it would leave no active administrator.",
    request: {
      params: staffIdParamSchema,
      body: { required: true, content: { "application/json": { schema: staffUpdateSchema } } },
    },
    responses: { 200: json(staffBody, "The account after the change"), ...errors(400, 401, 403, 404, 409) },
  }),
);

const resetPassword = createRoute(
  guarded("staff.manage", {
    method: "post",
    path: "/{id}/reset-password",
    tags,
    summary: "Give a new temporary password (shown once) and end the person's sessions",
    request: { params: staffIdParamSchema },
    responses: {
      200: json(z.object({ temporary_password: z.string() }), "The temporary password"),
      ...errors(400, 401, 403, 404),
    },
  }),
);

const sessions = createRoute(
  guarded("staff.manage", {
    method: "get",
    path: "/{id}/sessions",
    tags,
    summary: "A person's open sessions (newest first)",
    request: { params: staffIdParamSchema },
    responses: {
      200: json(z.object({ sessions: z.array(staffSessionJsonSchema) }), "The open sessions"),
      ...errors(400, 401, 403, 404),
    },
  }),
);

const endAll = createRoute(
  guarded("staff.manage", {
    method: "delete",
    path: "/{id}/sessions",
    tags,
    summary: "End every open session of a person",
    request: { params: staffIdParamSchema },
    responses: { 200: json(endedBody, "How many were ended"), ...errors(400, 401, 403, 404) },
  }),
);

const endOne = createRoute(
  guarded("staff.manage", {
    method: "delete",
    path: "/{id}/sessions/{sessionId}",
    tags,
    summary: "End one open session of a person",
    request: { params: staffSessionParamSchema },
    responses: { 200: json(endedBody, "1"), ...errors(400, 401, 403, 404) },
  }),
);

export const staffApi = createAdminApi()
  .openapi(list, async (c) => c.json({ staff: await listStaff(c.var.ctx.db, c.var.ctx.now) }, 200))
  .openapi(create, async (c) =>
    c.json({ staff: await createStaff(c.var.ctx, c.req.valid("json"), c.env.PASSWORD_PEPPER) }, 201),
  )
  .openapi(update, async (c) => {
    const change = await updateStaff(c.var.ctx, c.req.valid("param").id, c.req.valid("json"));
    await closeStreams(c.env, change.closeSessions);
    return c.json({ staff: change.staff }, 200);
  })
  .openapi(resetPassword, async (c) => {
    const reset = await resetStaffPassword(c.var.ctx, c.req.valid("param").id, c.env.PASSWORD_PEPPER);
    await closeStreams(c.env, reset.revoked);
    return c.json({ temporary_password: reset.temporaryPassword }, 200);
  })
  .openapi(sessions, async (c) =>
    c.json({ sessions: await listStaffSessions(c.var.ctx.db, c.req.valid("param").id, c.var.ctx.now) }, 200),
  )
  .openapi(endAll, async (c) => {
    const ended = await endStaffSessions(c.var.ctx, c.req.valid("param").id);
    await closeStreams(c.env, ended);
    return c.json({ ended: ended.length }, 200);
  })
  .openapi(endOne, async (c) => {
    const { id, sessionId } = c.req.valid("param");
    const ended = await endStaffSessions(c.var.ctx, id, sessionId);
    await closeStreams(c.env, ended);
    return c.json({ ended: ended.length }, 200);
  });
