/**
 * `/api/admin/selection/subjects` (docs/product.md#course-selection). Mounted behind `requireAdmin` by
 * `selection-admin.ts`. Rules and reasons live in `services/selection-subjects.ts`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { guarded } from "../route-permission";
import { createApi, errors, json } from "../openapi";
import * as svc from "../services/selection-subjects";
import { subjectsWithoutSeats } from "../services/selection-read";
import {
  selectionIdParamSchema,
  subjectCreateSchema,
  subjectJsonSchema,
  subjectUpdateSchema,
  uncoveredSubjectSchema,
} from "../contracts/selection-admin";

const tags = ["Course selection (admin)"];
const subjectBody = z.object({ data: subjectJsonSchema });

const list = createRoute(
  guarded("selection.read", {
    method: "get",
    path: "/",
    tags,
    summary: "Selection subjects, newest first",
    responses: { 200: json(z.object({ data: z.array(subjectJsonSchema) }), "Every subject"), ...errors(401) },
  }),
);

const uncovered = createRoute(
  guarded("selection.read", {
    method: "get",
    path: "/uncovered",
    tags,
    summary: "Active subjects without an active teacher with a free seat",
    description:
      "active_teachers 0: students are not asked for the subject; more: they are, but no seat is left. By name.",
    responses: {
      200: json(z.object({ data: z.array(uncoveredSubjectSchema) }), "The subjects no student can complete"),
      ...errors(401),
    },
  }),
);

const create = createRoute(
  guarded("selection.manage", {
    method: "post",
    path: "/",
    tags,
    summary: "Create a subject",
    description: "max_selections 1-10 (default 5); active by default. 409 SUBJECT_DUPLICATE for a name in use.",
    request: { body: { required: true, content: { "application/json": { schema: subjectCreateSchema } } } },
    responses: { 201: json(subjectBody, "The created subject"), ...errors(400, 401, 409) },
  }),
);

const update = createRoute(
  guarded("selection.manage", {
    method: "put",
    path: "/{id}",
    tags,
    summary: "Update a subject",
    description: "Omitted description, max_selections and is_active keep their stored values.",
    request: {
      params: selectionIdParamSchema,
      body: { required: true, content: { "application/json": { schema: subjectUpdateSchema } } },
    },
    responses: { 200: json(subjectBody, "The updated subject"), ...errors(400, 401, 404, 409) },
  }),
);

const remove = createRoute(
  guarded("selection.manage", {
    method: "delete",
    path: "/{id}",
    tags,
    summary: "Delete a subject without teachers or selections",
    description: "409 SUBJECT_IN_USE while teachers or selections reference it: mark it inactive instead.",
    request: { params: selectionIdParamSchema },
    responses: { 200: json(z.object({ message: z.string() }), "Deleted"), ...errors(400, 401, 404, 409) },
  }),
);

export const selectionSubjectsApi = createApi()
  .openapi(list, async (c) => c.json({ data: await svc.listSubjects(c.get("db")) }, 200))
  .openapi(uncovered, async (c) => c.json({ data: await subjectsWithoutSeats(c.get("db")) }, 200))
  .openapi(create, async (c) => {
    const data = await svc.createSubject(c.var.ctx, c.req.valid("json"));
    return c.json({ data }, 201);
  })
  .openapi(update, async (c) => {
    const data = await svc.updateSubject(c.var.ctx, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ data }, 200);
  })
  .openapi(remove, async (c) => {
    await svc.deleteSubject(c.var.ctx, c.req.valid("param").id);
    return c.json({ message: "Subject deleted successfully" }, 200);
  });
