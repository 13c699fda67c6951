/**
 * The move of marks to integer hundredths (db/migrations 0003-0005; docs/product.md#results) keeps existing results:
 * a database migrated to the whole-marks schema, holding results, is migrated to the end and must hold the same
 * marks ×100, with the range CHECK still enforced (0 ≤ score ≤ max, max ≥ 0.01 marks).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/local-env";
import { startSqld, type Sqld } from "../../scripts/lib/sqld";

const dir = mkdtempSync(join(tmpdir(), "school-scores-migration-"));
const servers: Sqld[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});

/** A copy of db/migrations whose journal stops before the migration tagged `stopBefore`. */
function migrationsUpTo(stopBefore: string): string {
  const out = join(dir, "migrations-old");
  cpSync(join(ROOT, "db/migrations"), out, { recursive: true });
  const journalPath = join(out, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((e) => e.tag.startsWith(stopBefore));
  expect(end).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end);
  writeFileSync(journalPath, JSON.stringify(journal));
  return out;
}

describe("result marks in hundredths: migration", () => {
  it("multiplies existing whole marks by 100 and keeps every row", async () => {
    const sqld = await startSqld(join(dir, "db"));
    servers.push(sqld);
    const client = createClient({ url: sqld.url });
    try {
      await migrate<Record<string, never>>(drizzle(client), { migrationsFolder: migrationsUpTo("0003_") });
      await client.batch([
        `INSERT INTO students (id, student_no, full_name, nationality, current_grade, building_no, gender) VALUES (1, '30001010100011', 'طالب', 'Egyptian', 'Prep-3', 5, 'male')`,
        `INSERT INTO results (id, student_id, academic_year_name, semester, grade) VALUES (1, 1, '2024-2025', 'S1', 'Prep-3')`,
        `INSERT INTO result_subject_scores (result_id, position, subject_name, score, max_score, remarks) VALUES (1, 0, 'Mathematics', 95, 100, 'Grade: A+'), (1, 1, 'Art', 0, 50, NULL), (1, 2, 'Music', 50, 50, 'x')`,
      ]);

      await migrate<Record<string, never>>(drizzle(client), { migrationsFolder: join(ROOT, "db/migrations") });
      const rows = await client.execute(
        "SELECT subject_name, score_hundredths, max_score_hundredths, remarks FROM result_subject_scores ORDER BY position",
      );
      expect(rows.rows.map((r) => [r.subject_name, r.score_hundredths, r.max_score_hundredths, r.remarks])).toEqual([
        ["Mathematics", 9500, 10_000, "Grade: A+"],
        ["Art", 0, 5000, null],
        ["Music", 5000, 5000, "x"],
      ]);
      const columns = await client.execute("SELECT name FROM pragma_table_info('result_subject_scores')");
      expect(columns.rows.map((r) => r.name)).not.toContain("score");

      // The range CHECK survived the rebuild, and the default total is 100 marks.
      await client.execute(
        "INSERT INTO result_subject_scores (result_id, position, subject_name, score_hundredths) VALUES (1, 3, 'History', 4550)",
      );
      const history = await client.execute(
        "SELECT max_score_hundredths FROM result_subject_scores WHERE subject_name = 'History'",
      );
      expect(history.rows[0]?.max_score_hundredths).toBe(10_000);
      for (const [score, max] of [
        [5001, 5000],
        [-1, 5000],
        [0, 0],
      ]) {
        await expect(
          client.execute({
            sql: "INSERT INTO result_subject_scores (result_id, position, subject_name, score_hundredths, max_score_hundredths) VALUES (1, 9, 'Art', ?, ?)",
            args: [score!, max!],
          }),
        ).rejects.toThrow(/CHECK/);
      }
    } finally {
      client.close();
    }
  });
});
