/**
 * `/api/students` (docs/product.md#students, #dashboard, #live-events). Admin only. Each meaning of a segment has
 * its own path (`/by-grade/{grade}`, `/{id}` digits only, `/by-student-no/{student_no}`); the old one-segment GET
 * and DELETE still answer, left out of the document, whose paths must not match one URL twice. Fixed paths
 * (`/active/count`, `/events`) are registered before them. Every mutation publishes `students_changed` (and `fees_changed` when
 * a fee record may be affected) after it is committed. The list is every matching student unless `page`/`limit` ask
 * for one page (the console's table).
 */
import { createRoute, type RouteHandler, z } from "@hono/zod-openapi";
import { guarded } from "../route-permission";
import { readableGrades } from "../services/teaching";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { normalizeNationalId } from "../lib/normalize";
import { createAdminApi, errors, json } from "../openapi";
import { reason } from "../reasons";
import { activeStudentCount } from "../services/dashboard";
import { publish } from "../services/events";
import { listStudents, listStudentsPage } from "../services/student-list";
import { createStudent, deleteStudent, updateStudent } from "../services/students";
import { streamHandler, streamRoute } from "./events";
import { listEnrolments } from "../services/academic-years/enrolments";
import {
  createStudentSchema,
  enrolmentJsonSchema,
  listStudentsQuerySchema,
  studentJsonSchema,
  studentListSchema,
  toGrade,
  updateStudentSchema,
} from "../contracts/students";

const tags = ["Students"];
const idParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, reason("STUDENT_ID_INVALID"))
    .transform(Number),
});
const studentBody = z.object({ student: studentJsonSchema });
const messageBody = z.object({ message: z.string() });

const activeCount = createRoute(
  guarded("students.read", {
    method: "get",
    path: "/active/count",
    tags: ["Dashboard"],
    summary: "Number of active students",
    responses: { 200: json(z.object({ activeStudents: z.number().int() }), "Active students"), ...errors(401) },
  }),
);

const list = createRoute(
  guarded("students.read", {
    method: "get",
    path: "/",
    tags,
    summary: "List students",
    description:
      "Newest first; search over name and ID (Arabic letter variants and digits folded); filters grade, gender, status, building. With page (1-based) and/or limit (15, 20, 30 or 50): one page sorted by sortBy/sortOrder, plus pagination.",
    request: { query: listStudentsQuerySchema },
    responses: {
      200: json(studentListSchema, "The students (one page with pagination when asked)"),
      ...errors(400, 401),
    },
  }),
);

const byGrade = createRoute(
  guarded("students.read", {
    method: "get",
    path: "/by-grade/{grade}",
    operationId: "getStudentsByGrade",
    tags,
    summary: "Students of one grade (KG-1 … Private)",
    description: "The same list as GET /api/students?grade=.",
    request: { params: z.object({ grade: z.string().describe("A grade: KG-1 … Private") }) },
    responses: {
      200: json(z.object({ students: z.array(studentJsonSchema) }), "The grade's students"),
      ...errors(400, 401),
    },
  }),
);

/** The old path of `byGrade`, kept answering for clients that still call it; not documented (see the file comment). */
const byGradeOld = createRoute({ ...byGrade, path: "/{grade}", hide: true });

const create = createRoute(
  guarded("students.write", {
    method: "post",
    path: "/",
    tags,
    summary: "Create a student",
    description: "is_active defaults to true, gender to male.",
    request: { body: { required: true, content: { "application/json": { schema: createStudentSchema } } } },
    responses: { 201: json(studentBody, "The created student"), ...errors(400, 401, 409) },
  }),
);

const update = createRoute(
  guarded("students.write", {
    method: "put",
    path: "/{id}",
    tags,
    summary: "Update a student",
    description: "gender and is_active keep their stored values when omitted.",
    request: {
      params: idParam,
      body: { required: true, content: { "application/json": { schema: updateStudentSchema } } },
    },
    responses: { 200: json(studentBody, "The updated student"), ...errors(400, 401, 404, 409) },
  }),
);

const yearsOf = createRoute(
  guarded("students.read", {
    method: "get",
    path: "/{id}/enrolments",
    tags,
    summary: "A student's years: grade, building, section and outcome per academic year, newest first",
    description: "A teacher reads only the students of their grades (404 for others, as for an unknown id).",
    request: { params: idParam },
    responses: {
      200: json(z.object({ enrolments: z.array(enrolmentJsonSchema) }), "The years"),
      ...errors(400, 401, 404),
    },
  }),
);

const removeByNo = createRoute(
  guarded("students.write", {
    method: "delete",
    path: "/by-student-no/{student_no}",
    tags,
    summary: "Delete a student (and an unpaid fee record without payments)",
    description:
      "409 STUDENT_HAS_HISTORY when payments or results exist, 409 STUDENT_HAS_FEES when a fee record exists and the " +
      "caller lacks fees.write (decided by the DELETE itself): mark the student inactive instead.",
    request: {
      params: z.object({ student_no: z.string().describe("The student's ID (national ID or passport number)") }),
    },
    responses: { 200: json(messageBody, "Deleted"), ...errors(400, 401, 404, 409) },
  }),
);

/** The old path of `removeByNo`, kept answering for clients that still call it; not documented. */
const remove = createRoute({ ...removeByNo, path: "/{student_no}", hide: true });

/** Deletes the student named by `{student_no}` (digits normalised, passport letters upper-cased). */
const removeHandler: RouteHandler<typeof removeByNo, AppEnv> = async (c) => {
  const studentNo = normalizeNationalId(c.req.valid("param").student_no).toUpperCase();
  if (!studentNo) throw new ApiError("STUDENT_NO_REQUIRED");
  const id = await deleteStudent(c.var.ctx, studentNo);
  c.executionCtx.waitUntil(publish(c.env, "students_changed", "student", id));
  c.executionCtx.waitUntil(publish(c.env, "fees_changed", "student", id));
  return c.json({ message: "Student deleted successfully" }, 200);
};

/** The students of `{grade}` the caller may read. */
const byGradeHandler: RouteHandler<typeof byGrade, AppEnv> = async (c) => {
  const grade = toGrade(c.req.valid("param").grade);
  if (!grade) throw new ApiError("GRADE_UNKNOWN");
  const narrowed = await readableGrades(c.var.ctx, "students.read");
  return c.json({ students: await listStudents(c.var.ctx.db, { grade, ...narrowed }) }, 200);
};

const app = createAdminApi();
// Before the old `/{grade}`, which would take "events" for a grade.
app.openapi(streamRoute("/events", ["students_changed"], "students.read"), streamHandler(["students_changed"]));

export const studentsApi = app
  .openapi(activeCount, async (c) => c.json({ activeStudents: await activeStudentCount(c.get("db")) }, 200))
  .openapi(list, async (c) => {
    const q = { ...c.req.valid("query"), ...(await readableGrades(c.var.ctx, "students.read")) };
    // Paged only when asked: CSV exports and the global search rely on the full list.
    if (q.page !== undefined || q.limit !== undefined) return c.json(await listStudentsPage(c.var.ctx.db, q), 200);
    return c.json({ students: await listStudents(c.var.ctx.db, q) }, 200);
  })
  .openapi(byGrade, byGradeHandler)
  .openapi(byGradeOld, byGradeHandler)
  .openapi(create, async (c) => {
    const student = await createStudent(c.var.ctx, c.req.valid("json"));
    c.executionCtx.waitUntil(publish(c.env, "students_changed", "student", student.id));
    return c.json({ student }, 201);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid("param");
    const student = await updateStudent(c.var.ctx, id, c.req.valid("json"));
    c.executionCtx.waitUntil(publish(c.env, "students_changed", "student", student.id));
    // Names, grades and the active flag also show on the fees page and in the dashboard's fee totals.
    c.executionCtx.waitUntil(publish(c.env, "fees_changed", "student", student.id));
    return c.json({ student }, 200);
  })
  .openapi(yearsOf, async (c) => {
    const { id } = c.req.valid("param");
    const { grades } = await readableGrades(c.var.ctx, "students.read");
    const years = await listEnrolments(c.var.ctx.db, id, grades);
    if (!years) throw new ApiError("STUDENT_NOT_FOUND");
    return c.json({ enrolments: years }, 200);
  })
  .openapi(removeByNo, removeHandler)
  .openapi(remove, removeHandler);
