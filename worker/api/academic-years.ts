/**
 * `/api/admin/academic-years` (docs/product.md#academic-years-and-rollover): every staff role reads the years (each
 * form's choice of year comes from here); administrators create the next year, edit dates, make a year current and
 * close the current one, each with its audit row. Who reads students reads a year's enrolments (the Students export).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { guarded } from "../route-permission";
import { createAdminApi, errors, json } from "../openapi";
import { listYears, getYear } from "../services/academic-years/read";
import { closeYear, createNextYear, makeCurrent, updateYearDates } from "../services/academic-years/write";
import {
  academicYearDatesSchema,
  academicYearJsonSchema,
  academicYearListSchema,
  academicYearParamSchema,
  createYearSchema,
  yearEnrolmentListSchema,
} from "../contracts/academic-years";
import { yearEnrolments } from "../services/academic-years/year-enrolments";
import { readableGrades } from "../services/teaching";

const tags = ["Academic years"];
const yearBody = z.object({ year: academicYearJsonSchema });
const jsonBody = <T extends z.ZodType>(schema: T) =>
  ({ required: true, content: { "application/json": { schema } } }) as const;

const list = createRoute(
  guarded("academic_years.read", {
    method: "get",
    path: "/",
    tags,
    summary: "Every academic year (newest first) and the current one's name",
    responses: { 200: json(academicYearListSchema, "The years"), ...errors(401) },
  }),
);

const one = createRoute(
  guarded("academic_years.read", {
    method: "get",
    path: "/{name}",
    tags,
    summary: "One academic year",
    request: { params: academicYearParamSchema },
    responses: { 200: json(yearBody, "The year"), ...errors(400, 401, 404) },
  }),
);

const enrolmentsOfYear = createRoute(
  guarded("students.read", {
    method: "get",
    path: "/{name}/enrolments",
    tags,
    summary: "The enrolments of one academic year (the Students export of that year)",
    description:
      "Each enrolled student's grade, building, class section and outcome that year, by student number; a teacher's answer holds the grades they teach. 404 ACADEMIC_YEAR_NOT_FOUND for a year the data does not have.",
    request: { params: academicYearParamSchema },
    responses: { 200: json(yearEnrolmentListSchema, "The year's enrolments"), ...errors(400, 401, 404) },
  }),
);

const create = createRoute(
  guarded("academic_years.manage", {
    method: "post",
    path: "/",
    tags,
    summary: "Create the next academic year (upcoming, default dates)",
    description:
      "`name` must be the year after the newest one (409 ACADEMIC_YEAR_EXISTS otherwise). Dates: 1 September - 31 August, term 1 to 31 January, term 2 1 February - 30 June.",
    request: { body: jsonBody(createYearSchema) },
    responses: { 201: json(yearBody, "The created year"), ...errors(400, 401, 409) },
  }),
);

const update = createRoute(
  guarded("academic_years.manage", {
    method: "put",
    path: "/{name}",
    tags,
    summary: "Replace a year's dates while it is not closed",
    request: { params: academicYearParamSchema, body: jsonBody(academicYearDatesSchema) },
    responses: { 200: json(yearBody, "The year"), ...errors(400, 401, 404, 409) },
  }),
);

const current = createRoute(
  guarded("academic_years.manage", {
    method: "post",
    path: "/{name}/make-current",
    tags,
    summary: "Make the next upcoming year current now (the current one closes)",
    request: { params: academicYearParamSchema },
    responses: { 200: json(yearBody, "The year, now current"), ...errors(400, 401, 404, 409) },
  }),
);

const close = createRoute(
  guarded("academic_years.manage", {
    method: "post",
    path: "/{name}/close",
    tags,
    summary: "Close the current year (the next year, which must exist, becomes current)",
    request: { params: academicYearParamSchema },
    responses: { 200: json(yearBody, "The year, now closed"), ...errors(400, 401, 404, 409) },
  }),
);

export const academicYearsApi = createAdminApi()
  .openapi(list, async (c) => c.json(await listYears(c.get("db")), 200))
  .openapi(one, async (c) => c.json({ year: await getYear(c.get("db"), c.req.valid("param").name) }, 200))
  .openapi(enrolmentsOfYear, async (c) => {
    const { name } = c.req.valid("param");
    const { grades } = await readableGrades(c.var.ctx, "students.read");
    return c.json({ academic_year_name: name, enrolments: await yearEnrolments(c.get("db"), name, grades) }, 200);
  })
  .openapi(create, async (c) => c.json({ year: await createNextYear(c.var.ctx, c.req.valid("json").name) }, 201))
  .openapi(update, async (c) =>
    c.json({ year: await updateYearDates(c.var.ctx, c.req.valid("param").name, c.req.valid("json")) }, 200),
  )
  .openapi(current, async (c) => c.json({ year: await makeCurrent(c.var.ctx, c.req.valid("param").name) }, 200))
  .openapi(close, async (c) => c.json({ year: await closeYear(c.var.ctx, c.req.valid("param").name) }, 200));
