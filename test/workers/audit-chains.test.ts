/**
 * Audit rows of writes racing each other (docs/decisions/0028-fee-record-version.md, SECURITY.md): plan edits, the
 * settings write and the results import read their audit `before` inside the write, so parallel writes of one
 * record leave a chain: every row's `before` is the previous row's `after`, and the first `before` is the record as
 * it was. The fee records' and students' chains are checked by test/workers/fee-races.test.ts.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { api, loginAdmin, uid } from "./helpers";
import { insertResult, insertStudent, testDb } from "./fixtures";
import { clockYear } from "../support/clock-years";

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

/** The audit rows of `entity` (`id`, or none for settings) after audit row `since`, in commit order, parsed. */
async function chain(entity: string, id: string | null, since: number) {
  const where = and(
    eq(auditLog.entity, entity),
    eq(auditLog.action, "update"),
    gt(auditLog.id, since),
    id === null ? undefined : eq(auditLog.entityId, id),
  );
  const rows = await testDb().select().from(auditLog).where(where).orderBy(asc(auditLog.id));
  return rows.map((r) => ({ before: JSON.parse(r.before!), after: JSON.parse(r.after!) }));
}

async function lastAuditId() {
  const [row] = await testDb()
    .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` })
    .from(auditLog);
  return Number(row!.id);
}

describe("audit befores read inside the write", () => {
  it("12 parallel edits of one plan: the first before is the plan as it was, each next one the previous after", async () => {
    const year = "2471-2472";
    const body = (piastres: number) => ({
      academic_year_name: year,
      grade: "KG-2",
      lines: [
        {
          name: "Tuition",
          instalments: [
            { no: 1, due_date: "2471-09-15", amount: piastres / 100 },
            { no: 2, due_date: "2472-02-01", amount: 500 },
          ],
        },
      ],
    });
    const created = await api("/api/admin/fee-plans", { method: "POST", token, body: body(100_000) });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const plan = created.json.plan;
    const since = await lastAuditId();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api(`/api/admin/fee-plans/${plan.id}`, { method: "PUT", token, body: body(200_000 + i * 100) }),
      ),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.json)).toBe(200);
    const rows = await chain("fee_plan", String(plan.id), since);
    expect(rows).toHaveLength(12);
    // The snapshot the database writes is the plan's own JSON, as GET answers it.
    expect(rows[0]!.before).toEqual(plan);
    const totalOf = (input: ReturnType<typeof body>) =>
      input.lines[0]!.instalments.reduce((s, i) => s + Math.round(i.amount * 100), 0);
    for (let i = 1; i < rows.length; i++) {
      expect(Math.round(rows[i]!.before.total * 100), `row ${i + 1}`).toBe(totalOf(rows[i - 1]!.after));
      expect(rows[i]!.before.lines[0].instalments, `row ${i + 1}`).toEqual(rows[i - 1]!.after.lines[0].instalments);
    }
  });

  it("10 parallel settings writes: each before is the previous after", async () => {
    const since = await lastAuditId();
    const rules = Array.from({ length: 10 }, (_, i) => (i % 2 ? "no_overdue" : "fully_paid"));
    const answers = await Promise.all(
      rules.map((rule) => api("/api/admin/settings", { method: "PUT", token, body: { results_fee_rule: rule } })),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.json)).toBe(200);
    const rows = await chain("school_settings", null, since);
    expect(rows).toHaveLength(10);
    for (let i = 1; i < rows.length; i++)
      expect(rows[i]!.before.results_fee_rule, `row ${i + 1}`).toBe(rows[i - 1]!.after.results_fee_rule);
    const now = await api("/api/admin/settings", { token });
    expect(now.json.settings.results_fee_rule).toBe(rows.at(-1)!.after.results_fee_rule);
    await api("/api/admin/settings", { method: "PUT", token, body: { results_fee_rule: "fully_paid" } });
  });

  it("a settings row's before holds only these settings, not the messages' (which have their own audit rows)", async () => {
    const off = { method: "PUT", token, body: { kinds: { instalment_overdue: false }, send_hour: 11 } };
    expect((await api("/api/admin/messages/settings", off)).status).toBe(200);
    try {
      const since = await lastAuditId();
      await api("/api/admin/settings", { method: "PUT", token, body: { results_fee_rule: "fully_paid" } });
      const [row] = await chain("school_settings", null, since);
      // The school's result settings only (the fee rule, the absent-mark rule), never the messages' own.
      expect(Object.keys(row!.before).sort()).toEqual(["results_absent_rule", "results_fee_rule"]);
    } finally {
      await api("/api/admin/messages/settings", {
        method: "PUT",
        token,
        body: { kinds: { instalment_overdue: true }, send_hour: 10 },
      });
    }
  });

  it("8 parallel results imports of one result: the first before is the stored result, each next one the previous after", async () => {
    const s = await insertStudent();
    const result = await insertResult(s.id, clockYear(1), "S1", [["Mathematics", 40, 50]]);
    const since = await lastAuditId();
    const options = { academic_year_name: clockYear(1), semester: "S1" };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api("/api/admin/import/results", {
          method: "POST",
          token,
          headers: { "Idempotency-Key": uid("k") },
          body: {
            options,
            rows: [
              {
                student_id: s.studentNo,
                subject_scores: [{ subject_name: "Mathematics", score: 41 + i, max_score: 50 }],
              },
            ],
          },
        }),
      ),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.json)).toBe(200);
    const rows = await chain("result", String(result.id), since);
    expect(rows).toHaveLength(8);
    expect(rows[0]!.before).toMatchObject({
      student_no: s.studentNo,
      academic_year_name: clockYear(1),
      semester: "S1",
      subject_scores: [{ subject_name: "Mathematics", score: 40, max_score: 50 }],
    });
    for (let i = 1; i < rows.length; i++)
      expect(rows[i]!.before.subject_scores, `row ${i + 1}`).toEqual(rows[i - 1]!.after.subject_scores);
  });
});
