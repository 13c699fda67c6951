/**
 * `/api/admin/selection/teachers` (docs/product.md#course-selection). Mounted behind `requireAdmin` by
 * `selection-admin.ts`. Seats and subject rules live in `services/selection-teachers.ts`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { guarded } from "../route-permission";
import { createApi, errors, json } from "../openapi";
import * as svc from "../services/selection-teachers";
import {
  selectionIdParamSchema,
  teacherCreateSchema,
  teacherJsonSchema,
  teacherUpdateSchema,
} from "../contracts/selection-admin";

const tags = ["Course selection (admin)"];
const teacherBody = z.object({ data: teacherJsonSchema });

const list = createRoute(
  guarded("selection.read", {
    method: "get",
    path: "/",
    tags,
    summary: "Teachers with their subject's name and the seats taken, newest first",
    responses: { 200: json(z.object({ data: z.array(teacherJsonSchema) }), "Every teacher"), ...errors(401) },
  }),
);

const create = createRoute(
  guarded("selection.manage", {
    method: "post",
    path: "/",
    tags,
    summary: "Create a teacher of an active subject",
    description: "teacher_code is generated. 400 SUBJECT_NOT_ACTIVE when subject_name names no active subject.",
    request: { body: { required: true, content: { "application/json": { schema: teacherCreateSchema } } } },
    responses: { 201: json(teacherBody, "The created teacher"), ...errors(400, 401, 409) },
  }),
);

const update = createRoute(
  guarded("selection.manage", {
    method: "put",
    path: "/{id}",
    tags,
    summary: "Update a teacher",
    description:
      "Omitted building, capacities and is_active keep their stored values. 400 SUBJECT_NOT_ACTIVE; 409 TEACHER_CAPACITY_BELOW_TAKEN (with session and seats_taken) or TEACHER_SUBJECT_LOCKED (a teacher with selections cannot change subject).",
    request: {
      params: selectionIdParamSchema,
      body: { required: true, content: { "application/json": { schema: teacherUpdateSchema } } },
    },
    responses: { 200: json(teacherBody, "The updated teacher"), ...errors(400, 401, 404, 409) },
  }),
);

const remove = createRoute(
  guarded("selection.manage", {
    method: "delete",
    path: "/{id}",
    tags,
    summary: "Delete a teacher without selections",
    description: "409 TEACHER_HAS_SELECTIONS while student selections reference the teacher: mark inactive instead.",
    request: { params: selectionIdParamSchema },
    responses: { 200: json(z.object({ message: z.string() }), "Deleted"), ...errors(400, 401, 404, 409) },
  }),
);

export const selectionTeachersApi = createApi()
  .openapi(list, async (c) => c.json({ data: await svc.listTeachers(c.get("db")) }, 200))
  .openapi(create, async (c) => {
    const data = await svc.createTeacher(c.var.ctx, c.req.valid("json"));
    return c.json({ data }, 201);
  })
  .openapi(update, async (c) => {
    const data = await svc.updateTeacher(c.var.ctx, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ data }, 200);
  })
  .openapi(remove, async (c) => {
    await svc.deleteTeacher(c.var.ctx, c.req.valid("param").id);
    return c.json({ message: "Teacher deleted successfully" }, 200);
  });
