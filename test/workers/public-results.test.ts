/**
 * The public results lookup (docs/product.md#public-results): every outcome with its reason and flag, digit
 * normalisation, no-store, the rate limits, and the generated API document.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectError, withinOneLimiterWindow } from "./helpers";
import { insertFee, insertResult, insertStudent, setPublished } from "./fixtures";
import { clockYear } from "../support/clock-years";

const toArabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
let ipCounter = 0;
/** Each test uses its own client address so the per-IP limit of one test does not leak into another. */
const lookup = (id: string, ip = `10.0.0.${++ipCounter}`) =>
  api(`/api/student/results/${encodeURIComponent(id)}`, { headers: { "CF-Connecting-IP": ip } });

// Years that the demo data and other tests do not use.
const PUB = clockYear(1);
const UNPUB = clockYear(0);

beforeAll(async () => {
  await setPublished(PUB, "S1", true);
  await setPublished(UNPUB, "S2", false);
});

describe("GET /api/student/results/:nationalId", () => {
  it("returns published results, newest first, for an ID typed in Arabic-Indic digits", async () => {
    const s = await insertStudent({ fullName: "منى أحمد" });
    await insertFee(s.id, 4_500_000, 4_500_000);
    await insertResult(s.id, PUB, "S1", [
      ["Mathematics", 95, 100],
      ["Art", 40, 50],
    ]);
    await insertResult(s.id, UNPUB, "S2", [["Mathematics", 10, 100]]);
    const res = await lookup(` ${toArabicIndic(s.studentNo)} `);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.json).toEqual({
      success: true,
      data: [
        {
          full_name: "منى أحمد",
          grade: "Prep-3",
          academic_year_name: PUB,
          semester: "S1",
          subjects: [
            { subject_name: "Mathematics", score: 95, max_score: 100, absent: false },
            { subject_name: "Art", score: 40, max_score: 50, absent: false },
          ],
          absent_rule: "excluded",
        },
      ],
    });
  });

  it("answers half marks as the numbers the admin entered (45.5 of 50), never rounded", async () => {
    const s = await insertStudent();
    await insertFee(s.id, 100, 100);
    await insertResult(s.id, PUB, "S1", [
      ["Art", 45.5, 50],
      ["Music", 7.25, 10],
      ["Science", 0.1, 0.2],
    ]);
    const res = await lookup(s.studentNo);
    expect(res.status).toBe(200);
    expect(res.json.data[0].subjects).toEqual([
      { subject_name: "Art", score: 45.5, max_score: 50, absent: false },
      { subject_name: "Music", score: 7.25, max_score: 10, absent: false },
      { subject_name: "Science", score: 0.1, max_score: 0.2, absent: false },
    ]);
  });

  it("says results are not published when none of the student's results is", async () => {
    const s = await insertStudent();
    await insertFee(s.id, 100, 100);
    await insertResult(s.id, UNPUB, "S2", [["Science", 70, 100]]);
    const err = expectError(await lookup(s.studentNo), 403, "FORBIDDEN");
    expect(err).toMatchObject({
      resultsNotPublished: true,
      message: "Results not yet published",
      reason: "RESULTS_NOT_PUBLISHED",
    });
    expect(err.requiresPayment).toBeUndefined();
  });

  it("refuses with requiresPayment when fees are not fully paid", async () => {
    const s = await insertStudent();
    await insertFee(s.id, 4_500_000, 1_000_000);
    await insertResult(s.id, PUB, "S1", [["Science", 70, 100]]);
    const err = expectError(await lookup(s.studentNo), 403, "FORBIDDEN");
    expect(err).toMatchObject({
      requiresPayment: true,
      message: "Fees are not fully paid",
      reason: "RESULTS_FEES_UNPAID",
    });
    expect(err.resultsNotPublished).toBeUndefined();
  });

  it("answers 404 for an unknown ID and for a student without results, 400 for garbage", async () => {
    const unknown = expectError(await lookup("00000000000000"), 404, "NOT_FOUND");
    expect(unknown).toMatchObject({
      reason: "RESULTS_NOT_FOUND",
      message: "Student not found or no results available",
    });
    const s = await insertStudent();
    expect(expectError(await lookup(s.studentNo), 404, "NOT_FOUND").reason).toBe("RESULTS_NOT_FOUND");
    expect(expectError(await lookup("' OR 1=1 --"), 400, "VALIDATION_FAILED")).toMatchObject({
      reason: "NATIONAL_ID_INVALID",
      message: "Invalid national ID",
    });
    expect(expectError(await lookup("1".repeat(40)), 400, "VALIDATION_FAILED").reason).toBe("NATIONAL_ID_INVALID");
  });

  it("limits one ID to 10 lookups a minute (429 + Retry-After), whatever the address", async () => {
    await withinOneLimiterWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await lookup("12345678901234", `10.1.${i}.1`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    const limited = await lookup("12345678901234", "10.1.99.1");
    expectError(limited, 429, "RATE_LIMITED");
    expect(limited.headers.get("Retry-After")).toBe("60");
  });

  it("limits one address to 60 lookups a minute across IDs", async () => {
    await withinOneLimiterWindow();
    const ip = "10.2.0.1";
    let firstRefused = -1;
    for (let i = 0; i < 62 && firstRefused < 0; i++) {
      const res = await lookup(`5550000000${String(i).padStart(4, "0")}`, ip);
      if (res.status === 429) firstRefused = i;
    }
    expect(firstRefused).toBe(60);
  });
});

describe("OpenAPI", () => {
  it("documents the lookup from its route: the answer's schema and the flags of its 403", async () => {
    const doc = (await api("/api/openapi.json")).json;
    const op = doc.paths["/api/student/results/{nationalId}"].get;
    expect(op.security).toEqual([]);
    expect(op.parameters).toEqual([expect.objectContaining({ name: "nationalId", in: "path", required: true })]);
    const item = op.responses["200"].content["application/json"].schema.properties.data.items;
    expect(Object.keys(item.properties)).toEqual([
      "full_name",
      "grade",
      "academic_year_name",
      "semester",
      "subjects",
      "absent_rule",
    ]);
    expect(JSON.stringify(op.responses["403"])).toMatch(/resultsNotPublished[\s\S]*requiresPayment/);
    expect(op.responses["429"]).toBeTruthy();
  });
});
