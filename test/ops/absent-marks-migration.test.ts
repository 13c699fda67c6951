/**
 * Absent marks (db/migrations 0021-0022; docs/product.md#results): a database holding subject rows from before them,
 * migrated to the end, keeps every row and its marks, each present (absent 0); afterwards an absent row has no
 * score, and the CHECKs refuse a score on an absent row, no score on a present one, and marks above the total.
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

const dir = mkdtempSync(join(tmpdir(), "school-absent-migration-"));
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

const insert = (score: number | null, max: number, absent: number) => ({
  sql: "INSERT INTO result_subject_scores (result_id, position, subject_name, score_hundredths, max_score_hundredths, absent) VALUES (1, 9, 'Art', ?, ?, ?)",
  args: [score, max, absent],
});

describe("absent marks: migration", () => {
  it("keeps every subject row present with its marks, then stores absent rows without a score", async () => {
    const sqld = await startSqld(join(dir, "db"));
    servers.push(sqld);
    const client = createClient({ url: sqld.url });
    try {
      await migrate<Record<string, never>>(drizzle(client), { migrationsFolder: migrationsUpTo("0021_") });
      await client.batch([
        `INSERT INTO students (id, student_no, full_name, nationality, current_grade, building_no, gender) VALUES (1, '30001010100011', 'طالب', 'Egyptian', 'Prep-3', 5, 'male')`,
        `INSERT INTO results (id, student_id, academic_year_name, semester, grade) VALUES (1, 1, '2024-2025', 'S1', 'Prep-3')`,
        `INSERT INTO result_subject_scores (id, result_id, position, subject_name, score_hundredths, max_score_hundredths, remarks) VALUES (7, 1, 0, 'Mathematics', 9550, 10000, 'Grade: A+'), (8, 1, 1, 'Art', 0, 5000, NULL)`,
      ]);

      await migrate<Record<string, never>>(drizzle(client), { migrationsFolder: join(ROOT, "db/migrations") });
      const rows = await client.execute(
        "SELECT id, subject_name, score_hundredths, max_score_hundredths, remarks, absent FROM result_subject_scores ORDER BY position",
      );
      expect(
        rows.rows.map((r) => [r.id, r.subject_name, r.score_hundredths, r.max_score_hundredths, r.remarks, r.absent]),
      ).toEqual([
        [7, "Mathematics", 9550, 10_000, "Grade: A+", 0],
        [8, "Art", 0, 5000, null, 0],
      ]);

      // An absent row: no score. The default is present.
      await client.execute(insert(null, 5000, 1));
      await client.execute(
        "INSERT INTO result_subject_scores (result_id, position, subject_name, score_hundredths) VALUES (1, 3, 'History', 4550)",
      );
      const history = await client.execute("SELECT absent FROM result_subject_scores WHERE subject_name = 'History'");
      expect(history.rows[0]?.absent).toBe(0);
      for (const [score, max, absent] of [
        [4000, 5000, 1],
        [null, 5000, 0],
        [5001, 5000, 0],
        [-1, 5000, 0],
        [null, 0, 1],
      ]) {
        await expect(client.execute(insert(score!, max!, absent!)), `${score}/${max}/${absent}`).rejects.toThrow(
          /CHECK/,
        );
      }
      // The foreign key and its cascade survived the rebuild.
      await client.execute("PRAGMA foreign_keys=ON");
      await client.execute("DELETE FROM results WHERE id = 1");
      const left = await client.execute("SELECT count(*) AS n FROM result_subject_scores");
      expect(left.rows[0]?.n).toBe(0);
    } finally {
      client.close();
    }
  });
});
