/**
 * The demo data is built relative to the day it is loaded (docs/product.md#academic-years-and-rollover): seeded today
 * and on a day three years on, last year is closed with some arrears and both its terms published, this year is
 * current with plans, part-paid instalments and term 1 published, and each year has its accounts and enrolments.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { bootstrapDatabase } from "../../scripts/lib/bootstrap";
import { startSqld, type Sqld } from "../../scripts/lib/sqld";
import { academicYearOf } from "../../worker/lib/fee-schedule";

const dir = mkdtempSync(join(tmpdir(), "school-demo-years-"));
const servers: Sqld[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});

const threeYearsOn = new Date(Date.now() + 3 * 365.25 * 86_400_000);

describe.each([
  ["today", new Date()],
  ["three years on", threeYearsOn],
])("the demo school seeded %s", (_label, now) => {
  it("has last year closed with arrears and this year current, part paid, term 1 published", async () => {
    const sqld = await startSqld(join(dir, String(now.getTime())));
    servers.push(sqld);
    await bootstrapDatabase({
      url: sqld.url,
      pepper: "p",
      admin: { username: "admin", password: "demo-pass-1" },
      seedDemo: true,
      now,
    });
    const current = academicYearOf(now);
    const last = `${Number(current.slice(0, 4)) - 1}-${current.slice(0, 4)}`;
    const c = createClient({ url: sqld.url });
    try {
      const q = async (sql: string, args: Array<string | number> = []) => (await c.execute({ sql, args })).rows;
      const states = await q("SELECT name, state FROM academic_years WHERE name IN (?, ?) ORDER BY name", [
        last,
        current,
      ]);
      expect(states.map((r) => [r.name, r.state])).toEqual([
        [last, "closed"],
        [current, "current"],
      ]);
      expect(await q("SELECT count(*) AS n FROM academic_years WHERE state = 'current'")).toEqual([{ n: 1 }]);
      const byYear = async (year: string) =>
        (
          await q(
            `SELECT count(*) AS accounts, sum(paid_piastres < total_piastres) AS owing,
              sum(paid_piastres > 0 AND paid_piastres < total_piastres) AS part_paid, count(plan_id) AS planned
            FROM fee_records WHERE academic_year_name = ?`,
            [year],
          )
        )[0]!;
      const [lastFees, curFees] = [await byYear(last), await byYear(current)];
      expect(Number(lastFees.accounts)).toBeGreaterThan(900);
      expect(Number(lastFees.owing)).toBeGreaterThan(0);
      expect(Number(curFees.accounts)).toBe(1200);
      expect(Number(curFees.part_paid)).toBeGreaterThan(0);
      expect(Number(curFees.planned)).toBe(1200);
      const partInstalments = await q(
        `SELECT count(*) AS n FROM fee_instalments i JOIN fee_records f ON f.id = i.fee_record_id
        WHERE f.academic_year_name = ? AND i.paid_piastres > 0 AND i.paid_piastres < i.amount_piastres`,
        [current],
      );
      expect(Number(partInstalments[0]!.n)).toBeGreaterThan(0);
      const pubs = await q(
        "SELECT academic_year_name AS y, semester AS s, is_published AS p FROM result_publications ORDER BY y, s",
      );
      expect(pubs.map((r) => `${r.y} ${r.s} ${r.p}`)).toEqual([
        `${last} S1 1`,
        `${last} S2 1`,
        `${current} S1 1`,
        `${current} S2 0`,
      ]);
      const enrolled = await q(
        "SELECT academic_year_name AS y, count(*) AS n FROM enrolments GROUP BY academic_year_name ORDER BY y",
      );
      expect(enrolled.map((r) => r.y)).toEqual([last, current]);
      // No receipt is dated after the day the data was loaded.
      const late = await q("SELECT count(*) AS n FROM payments WHERE paid_at > ?", [now.toISOString()]);
      expect(late).toEqual([{ n: 0 }]);
    } finally {
      c.close();
    }
  });
});
