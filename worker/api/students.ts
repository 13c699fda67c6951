/**
 * `/api/students` (contract "Students", "Dashboard and live events"; spec §7 "Admin students"). Admin only.
 * Fixed paths (`/active/count`, `/events`) are registered before `/:grade`. Every mutation publishes
 * `students_changed` (and `fees_changed` when a fee record may be affected) after it is committed. The list is
 * the full contract answer unless `page`/`limit` ask for one page (the console's table; benchmark 3).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { normalizeNationalId } from "../lib/normalize";
import { requireAdmin } from "../middleware/auth";
import { addOperations } from "../openapi";
import { activeStudentCount } from "../services/dashboard";
import { publish } from "../services/events";
import { createStudent, deleteStudent, listStudents, listStudentsPage, updateStudent } from "../services/students";
import { validate } from "../validate";
import { streamHandler } from "./events";
import { createStudentSchema, listStudentsQuerySchema, toGrade, updateStudentSchema } from "./students.schema";

const idParam = z.object({
  id: z.string().regex(/^[1-9]\d{0,15}$/, "Invalid student id").transform(Number),
});

export const studentsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/active/count", async (c) => c.json({ activeStudents: await activeStudentCount(c.get("db")) }))
  .get("/events", streamHandler(["students_changed"]))
  .get("/", validate("query", listStudentsQuerySchema), async (c) => {
    const q = c.req.valid("query");
    // Paged only when asked: CSV exports and the global search rely on the full list of the contract.
    if (q.page !== undefined || q.limit !== undefined) return c.json(await listStudentsPage(c.get("db"), q));
    return c.json({ students: await listStudents(c.get("db"), q) });
  })
  .get("/:grade", async (c) => {
    const grade = toGrade(c.req.param("grade"));
    if (!grade) throw new ApiError("VALIDATION_FAILED", "Unknown grade");
    return c.json({ students: await listStudents(c.get("db"), { grade }) });
  })
  .post("/", validate("json", createStudentSchema), async (c) => {
    const student = await createStudent(c.get("db"), c.get("admin"), c.req.valid("json"), c.get("requestId"));
    c.executionCtx.waitUntil(publish(c.env, "students_changed", "student", student.id));
    return c.json({ student }, 201);
  })
  .put("/:id", validate("param", idParam), validate("json", updateStudentSchema), async (c) => {
    const { id } = c.req.valid("param");
    const student = await updateStudent(c.get("db"), c.get("admin"), id, c.req.valid("json"), c.get("requestId"));
    c.executionCtx.waitUntil(publish(c.env, "students_changed", "student", student.id));
    // Names, grades and the active flag also show on the fees page and in the dashboard's fee totals.
    c.executionCtx.waitUntil(publish(c.env, "fees_changed", "student", student.id));
    return c.json({ student });
  })
  .delete("/:student_no", async (c) => {
    const studentNo = normalizeNationalId(c.req.param("student_no")).toUpperCase();
    if (!studentNo) throw new ApiError("VALIDATION_FAILED", "ID is required");
    const id = await deleteStudent(c.get("db"), c.get("admin"), studentNo, c.get("requestId"));
    c.executionCtx.waitUntil(publish(c.env, "students_changed", "student", id));
    c.executionCtx.waitUntil(publish(c.env, "fees_changed", "student", id));
    return c.json({ message: "Student deleted successfully" });
  });

const T = "Students";
addOperations([
  { method: "get", path: "/api/students", tag: T, summary: "List students, newest first (search over name and ID, Arabic letter variants and digits folded; filters grade, gender, status, building). With page (1-based) and/or limit (15, 20, 30 or 50): one page sorted by sortBy/sortOrder, plus pagination", auth: true, query: listStudentsQuerySchema, responses: { 200: "{students: Student[]} — or, with page/limit, {students: Student[], pagination: {page, limit, total, totalPages}}", 400: "Unknown filter value; limit not 15/20/30/50; bad page, sortBy or sortOrder", 401: "Not signed in" } },
  { method: "get", path: "/api/students/:grade", tag: T, summary: "Students of one grade (KG-1 … Private)", auth: true, responses: { 200: "{students: Student[]}", 400: "Unknown grade", 401: "Not signed in" } },
  { method: "post", path: "/api/students", tag: T, summary: "Create a student (is_active defaults to true, gender to male)", auth: true, body: createStudentSchema, responses: { 201: "{student}", 400: "Validation (spec §5 student form)", 401: "Not signed in", 409: "A student with this ID already exists" } },
  { method: "put", path: "/api/students/:id", tag: T, summary: "Update a student (gender/is_active kept when omitted)", auth: true, body: updateStudentSchema, responses: { 200: "{student}", 400: "Validation", 401: "Not signed in", 404: "Student not found", 409: "A student with this ID already exists" } },
  { method: "delete", path: "/api/students/:student_no", tag: T, summary: "Delete a student (and an unpaid fee record without payments)", auth: true, responses: { 200: "{message}", 401: "Not signed in", 404: "Student not found", 409: "Has payment/result history: mark the student inactive instead" } },
]);
