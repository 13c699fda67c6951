/**
 * `/api/admin/results` (docs/product.md#results, #results-publishing). Admin only. `/publications` is registered
 * before `/{id}`, so it is never read as an id. Every mutation also publishes `students_changed` with entity
 * "result" / "result_publication" (docs/product.md#live-events): there is no results event, and listeners tell the
 * changes apart by `entity`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { guarded } from "../route-permission";
import { readableGrades } from "../services/teaching";
import { createAdminApi, errors, json } from "../openapi";
import { publish } from "../services/events";
import { enqueueWith, linkBase } from "../messages-runtime";
import { resultsMessages } from "../services/messages/events";
import {
  createResult,
  deleteResult,
  getResult,
  listPublications,
  listResults,
  setPublication,
  updateResult,
} from "../services/results";
import {
  publicationBodySchema,
  publicationJsonSchema,
  resultBodySchema,
  resultIdParamSchema,
  resultJsonSchema,
  resultListQuerySchema,
} from "../contracts/results";

const tags = ["Results"];
const resultBody = z.object({ data: resultJsonSchema });
const publicationBody = z.object({ data: publicationJsonSchema });
const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { "application/json": { schema } } });

const publicationList = createRoute(
  guarded("results.read", {
    method: "get",
    path: "/publications",
    tags,
    summary: "Publication state of every academic year × semester",
    description: "Oldest year first, S1 before S2; a term never published is listed as unpublished.",
    responses: { 200: json(z.object({ data: z.array(publicationJsonSchema) }), "Every term"), ...errors(401) },
  }),
);

const publicationPut = createRoute(
  guarded("results.publish", {
    method: "put",
    path: "/publications",
    tags,
    summary: "Publish or unpublish one academic year + semester for the public lookup",
    description: "published_at is set on publishing (kept when it was already published) and cleared on unpublishing.",
    request: { body: jsonBody(publicationBodySchema) },
    responses: { 200: json(publicationBody, "The term's new state"), ...errors(400, 401) },
  }),
);

const list = createRoute(
  guarded("results.read", {
    method: "get",
    path: "/",
    tags,
    summary: "List results with their subject scores",
    description: "Newest first. Filters: grade, academic_year_name, semester; search over the student's name and ID.",
    request: { query: resultListQuerySchema },
    responses: {
      200: json(z.object({ data: z.array(resultJsonSchema) }), "The matching results"),
      ...errors(400, 401),
    },
  }),
);

const create = createRoute(
  guarded("results.write", {
    method: "post",
    path: "/",
    tags,
    summary: "Create a result",
    description:
      "student_id is the student's national ID or passport number; grade defaults to the student's current grade; " +
      'empty subject remarks become "Grade: X" (admin scale). 409 RESULT_DUPLICATE for a second result of the same ' +
      "student, year and semester. A teacher (results.write scoped to their assignments): a student outside their " +
      "grades answers 404 STUDENT_NOT_FOUND as an unknown ID does; another grade than the student's 403 " +
      "RESULT_GRADE_NOT_STUDENTS; overall remarks 403 RESULT_FIELD_ADMIN_ONLY; a subject not theirs 403 " +
      "TEACHER_NOT_ASSIGNED; a published term 403 RESULTS_TERM_PUBLISHED.",
    request: { body: jsonBody(resultBodySchema) },
    responses: { 201: json(resultBody, "The created result"), ...errors(400, 401, 403, 404, 409) },
  }),
);

const one = createRoute(
  guarded("results.read", {
    method: "get",
    path: "/{id}",
    tags,
    summary: "One result with its subject scores",
    request: { params: resultIdParamSchema },
    responses: { 200: json(resultBody, "The result"), ...errors(400, 401, 404) },
  }),
);

const update = createRoute(
  guarded("results.write", {
    method: "put",
    path: "/{id}",
    tags,
    summary: "Replace a result and all its subject rows",
    description:
      "An omitted grade keeps the result's grade (or takes the new student's current grade when the student " +
      "changes). A teacher (results.write scoped to their assignments) keeps the result's student, year, semester, " +
      "grade and overall remarks (403 RESULT_FIELD_ADMIN_ONLY / RESULT_GRADE_NOT_STUDENTS) and changes only the rows " +
      "of their subjects (403 TEACHER_NOT_ASSIGNED), in an unpublished term.",
    request: { params: resultIdParamSchema, body: jsonBody(resultBodySchema) },
    responses: { 200: json(resultBody, "The updated result"), ...errors(400, 401, 403, 404, 409) },
  }),
);

const remove = createRoute(
  guarded("results.delete", {
    method: "delete",
    path: "/{id}",
    tags,
    summary: "Delete a result and its subject rows",
    request: { params: resultIdParamSchema },
    responses: { 200: json(z.object({ message: z.string() }), "Deleted"), ...errors(400, 401, 404) },
  }),
);

export const adminResultsApi = createAdminApi()
  .openapi(publicationList, async (c) => c.json({ data: await listPublications(c.get("db")) }, 200))
  .openapi(publicationPut, async (c) => {
    const data = await setPublication(c.var.ctx, c.req.valid("json"));
    c.executionCtx.waitUntil(
      publish(c.env, "students_changed", "result_publication", `${data.academic_year_name}/${data.semester}`),
    );
    if (data.is_published) {
      // results_published to the term's families (docs/product.md#guardians-and-messages), keyed by the term.
      const base = linkBase(c.env, c.req.url);
      const sent = resultsMessages(
        c.get("db"),
        data.academic_year_name,
        data.semester,
        base,
        c.var.ctx.now,
        enqueueWith(c.env),
      );
      c.executionCtx.waitUntil(sent.catch(() => undefined));
    }
    return c.json({ data }, 200);
  })
  .openapi(list, async (c) =>
    c.json(
      {
        data: await listResults(c.var.ctx.db, {
          ...c.req.valid("query"),
          ...(await readableGrades(c.var.ctx, "results.read")),
        }),
      },
      200,
    ),
  )
  .openapi(create, async (c) => {
    const data = await createResult(c.var.ctx, c.req.valid("json"));
    c.executionCtx.waitUntil(publish(c.env, "students_changed", "result", data.id));
    return c.json({ data }, 201);
  })
  .openapi(one, async (c) => {
    const { grades } = await readableGrades(c.var.ctx, "results.read");
    return c.json({ data: await getResult(c.var.ctx.db, c.req.valid("param").id, grades) }, 200);
  })
  .openapi(update, async (c) => {
    const data = await updateResult(c.var.ctx, c.req.valid("param").id, c.req.valid("json"));
    c.executionCtx.waitUntil(publish(c.env, "students_changed", "result", data.id));
    return c.json({ data }, 200);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid("param");
    await deleteResult(c.var.ctx, id);
    c.executionCtx.waitUntil(publish(c.env, "students_changed", "result", id));
    return c.json({ message: "Result deleted successfully" }, 200);
  });
