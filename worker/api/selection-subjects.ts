/**
 * `/api/admin/selection/subjects` (contract "Course selection, admin"; spec §2 "Selection Subjects", §7). Mounted
 * behind `requireAdmin` by `selection-admin.ts`. Rules and messages live in `services/selection-catalog.ts`.
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { addOperations } from "../openapi";
import * as svc from "../services/selection-catalog";
import { subjectsWithoutSeats } from "../services/selection-read";
import { validate } from "../validate";
import { selectionIdParamSchema, subjectCreateSchema, subjectUpdateSchema } from "./selection-admin.schema";

export const selectionSubjectsApi = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ data: await svc.listSubjects(c.get("db")) }))
  .get("/uncovered", async (c) => c.json({ data: await subjectsWithoutSeats(c.get("db")) }))
  .post("/", validate("json", subjectCreateSchema), async (c) => {
    const data = await svc.createSubject(c.get("db"), c.get("admin"), c.req.valid("json"), c.get("requestId"));
    return c.json({ data }, 201);
  })
  .put("/:id", validate("param", selectionIdParamSchema), validate("json", subjectUpdateSchema), async (c) => {
    const data = await svc.updateSubject(c.get("db"), c.get("admin"), c.req.valid("param").id, c.req.valid("json"), c.get("requestId"));
    return c.json({ data });
  })
  .delete("/:id", validate("param", selectionIdParamSchema), async (c) => {
    await svc.deleteSubject(c.get("db"), c.get("admin"), c.req.valid("param").id, c.get("requestId"));
    return c.json({ message: "Subject deleted successfully" });
  });

const path = "/api/admin/selection/subjects";
const tag = "Course selection (admin)";
addOperations([
  { method: "get", path, tag, summary: "Selection subjects, newest first", auth: true, responses: { 200: "{data: [{id, name, description, is_active, max_selections, created_at, updated_at}]}", 401: "Not signed in" } },
  { method: "get", path: `${path}/uncovered`, tag, summary: "Active subjects without an active teacher with a free seat (0 active teachers: not asked of students)", auth: true, responses: { 200: "{data: [{subject_id, subject_name, active_teachers, seats_left}]}", 401: "Not signed in" } },
  { method: "post", path, tag, summary: "Create a subject (max_selections 1-10, default 5; active by default)", auth: true, body: subjectCreateSchema, responses: { 201: "{data}", 400: "Validation", 401: "Not signed in", 409: "A subject with this name already exists" } },
  { method: "put", path: `${path}/:id`, tag, summary: "Update a subject", auth: true, body: subjectUpdateSchema, responses: { 200: "{data}", 400: "Validation", 401: "Not signed in", 404: "Subject not found", 409: "A subject with this name already exists" } },
  { method: "delete", path: `${path}/:id`, tag, summary: "Delete a subject without teachers or selections", auth: true, responses: { 200: "{message}", 401: "Not signed in", 404: "Subject not found", 409: "Has teachers or selections: mark it inactive instead" } },
]);
