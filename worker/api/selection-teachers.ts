/**
 * `/api/admin/selection/teachers` (contract "Course selection, admin"; spec §2 "Teachers Management", §7). Mounted
 * behind `requireAdmin` by `selection-admin.ts`. Seats and subject rules live in `services/selection-catalog.ts`.
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { addOperations } from "../openapi";
import * as svc from "../services/selection-catalog";
import { validate } from "../validate";
import { selectionIdParamSchema, teacherCreateSchema, teacherUpdateSchema } from "./selection-admin.schema";

export const selectionTeachersApi = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ data: await svc.listTeachers(c.get("db")) }))
  .post("/", validate("json", teacherCreateSchema), async (c) => {
    const data = await svc.createTeacher(c.get("db"), c.get("admin"), c.req.valid("json"), c.get("requestId"));
    return c.json({ data }, 201);
  })
  .put("/:id", validate("param", selectionIdParamSchema), validate("json", teacherUpdateSchema), async (c) => {
    const data = await svc.updateTeacher(c.get("db"), c.get("admin"), c.req.valid("param").id, c.req.valid("json"), c.get("requestId"));
    return c.json({ data });
  })
  .delete("/:id", validate("param", selectionIdParamSchema), async (c) => {
    await svc.deleteTeacher(c.get("db"), c.get("admin"), c.req.valid("param").id, c.get("requestId"));
    return c.json({ message: "Teacher deleted successfully" });
  });

const path = "/api/admin/selection/teachers";
const tag = "Course selection (admin)";
addOperations([
  {
    method: "get", path, tag, summary: "Teachers with subject name and seats taken, newest first", auth: true,
    responses: { 200: "{data: [{id, teacher_code, full_name, building_no, subject_id, subject_name|null, session_1_capacity, session_2_capacity, seats_taken_1, seats_taken_2, is_active, created_at, updated_at}]}", 401: "Not signed in" },
  },
  { method: "post", path, tag, summary: "Create a teacher of an active subject; teacher_code is generated", auth: true, body: teacherCreateSchema, responses: { 201: "{data}", 400: "Validation, or Subject must be an active subject", 401: "Not signed in" } },
  {
    method: "put", path: `${path}/:id`, tag, summary: "Update a teacher", auth: true, body: teacherUpdateSchema,
    responses: { 200: "{data}", 400: "Validation, or Subject must be an active subject", 401: "Not signed in", 404: "Teacher not found", 409: "Capacity below the seats already taken, or moving a teacher who has selections" },
  },
  { method: "delete", path: `${path}/:id`, tag, summary: "Delete a teacher without selections", auth: true, responses: { 200: "{message}", 401: "Not signed in", 404: "Teacher not found", 409: "Has student selections: mark inactive instead" } },
]);
