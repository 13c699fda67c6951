/**
 * `/api/admin/results` (contract "Results"; spec §7 "Admin results"). Admin only.
 * Every mutation also publishes `students_changed` with entity "result" / "result_publication": the contract has
 * no results event, and the issue asks every mutation to publish one (listeners can tell by `entity`).
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/auth";
import { addOperations } from "../openapi-legacy";
import { publish } from "../services/events";
import { createResult, deleteResult, getResult, listPublications, listResults, setPublication, updateResult } from "../services/results";
import { validate } from "../validate";
import { publicationBodySchema, resultBodySchema, resultIdParamSchema, resultListQuerySchema } from "./results.schema";

export const adminResultsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  // Registered before "/:id" so "publications" is never read as an id.
  .get("/publications", async (c) => c.json({ data: await listPublications(c.get("db")) }))
  .put("/publications", validate("json", publicationBodySchema), async (c) => {
    const data = await setPublication(c.get("db"), c.get("admin"), c.req.valid("json"), c.get("requestId"));
    c.executionCtx.waitUntil(publish(c.env, "students_changed", "result_publication", `${data.academic_year_name}/${data.semester}`));
    return c.json({ data });
  })
  .get("/", validate("query", resultListQuerySchema), async (c) => c.json({ data: await listResults(c.get("db"), c.req.valid("query")) }))
  .post("/", validate("json", resultBodySchema), async (c) => {
    const data = await createResult(c.get("db"), c.get("admin"), c.req.valid("json"), c.get("requestId"));
    c.executionCtx.waitUntil(publish(c.env, "students_changed", "result", data.id));
    return c.json({ data }, 201);
  })
  .get("/:id", validate("param", resultIdParamSchema), async (c) => c.json({ data: await getResult(c.get("db"), c.req.valid("param").id) }))
  .put("/:id", validate("param", resultIdParamSchema), validate("json", resultBodySchema), async (c) => {
    const data = await updateResult(c.get("db"), c.get("admin"), c.req.valid("param").id, c.req.valid("json"), c.get("requestId"));
    c.executionCtx.waitUntil(publish(c.env, "students_changed", "result", data.id));
    return c.json({ data });
  })
  .delete("/:id", validate("param", resultIdParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    await deleteResult(c.get("db"), c.get("admin"), id, c.get("requestId"));
    c.executionCtx.waitUntil(publish(c.env, "students_changed", "result", id));
    return c.json({ message: "Result deleted successfully" });
  });

const base = "/api/admin/results";
const tag = "Results";
addOperations([
  { method: "get", path: base, tag, summary: "List results with subject scores (filters: grade, search, academic_year_name, semester)", auth: true, query: resultListQuerySchema, responses: { 200: "{data: Result[]}", 400: "Invalid filter", 401: "Not signed in" } },
  { method: "get", path: `${base}/publications`, tag, summary: "Publication state of every academic year × semester", auth: true, responses: { 200: "{data: [{academic_year_name, semester, is_published, published_at}]}", 401: "Not signed in" } },
  { method: "put", path: `${base}/publications`, tag, summary: "Publish or unpublish one academic year + semester for the public lookup", auth: true, body: publicationBodySchema, responses: { 200: "{data: {academic_year_name, semester, is_published, published_at}}", 400: "Validation", 401: "Not signed in" } },
  { method: "post", path: base, tag, summary: "Create a result (student_id = student_no); subject remarks default to \"Grade: X\"", auth: true, body: resultBodySchema, responses: { 201: "{data: Result}", 400: "Validation", 401: "Not signed in", 404: "Student not found", 409: "A result for this student, academic year and semester already exists" } },
  { method: "get", path: `${base}/:id`, tag, summary: "One result with its subject scores", auth: true, responses: { 200: "{data: Result}", 400: "Invalid id", 401: "Not signed in", 404: "Result not found" } },
  { method: "put", path: `${base}/:id`, tag, summary: "Replace a result and all its subject rows", auth: true, body: resultBodySchema, responses: { 200: "{data: Result}", 400: "Validation", 401: "Not signed in", 404: "Result or student not found", 409: "A result for this student, academic year and semester already exists" } },
  { method: "delete", path: `${base}/:id`, tag, summary: "Delete a result and its subject rows", auth: true, responses: { 200: "{message}", 400: "Invalid id", 401: "Not signed in", 404: "Result not found" } },
]);
