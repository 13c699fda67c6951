/**
 * worker/db-constraints.ts against the live schema: every named CHECK constraint and UNIQUE key the migrations made
 * (and every primary key other than a row id) has its entry in CONSTRAINTS, and every entry is still in the schema; a real broken rule is read by name.
 */
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { students } from "../../db/schema";
import { getDb } from "../../worker/db";
import { broke, brokeForeignKey, CONSTRAINTS, violation } from "../../worker/db-constraints";
import { insertStudent } from "./fixtures";

const db = () => getDb(env as never);

/** Named CHECKs from each table's SQL, UNIQUE keys from the unique indexes' columns, as SQLite reports them. */
async function schemaRules(): Promise<string[]> {
  const tables = await db().all<{ name: string; sql: string }>(
    sql`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL`,
  );
  const checks = tables.flatMap((t) => [...t.sql.matchAll(/CONSTRAINT\s+"?(\w+)"?\s+CHECK/gi)].map((m) => m[1]!));
  const indexes = await db().all<{ tbl: string; name: string }>(
    sql`SELECT il.name AS name, m.name AS tbl FROM sqlite_master m, pragma_index_list(m.name) il
        WHERE m.type = 'table' AND il."unique" = 1 AND il.origin != 'pk'`,
  );
  const uniques: string[] = [];
  for (const ix of indexes) {
    const cols = await db().all<{ name: string }>(sql`SELECT name FROM pragma_index_info(${ix.name}) ORDER BY seqno`);
    uniques.push(cols.map((c) => `${ix.tbl}.${c.name}`).join(", "));
  }
  // Primary keys other than a plain row id: a second row with the same key is a UNIQUE failure too.
  const keys: string[] = [];
  for (const t of tables) {
    const cols = await db().all<{ name: string }>(
      sql`SELECT name FROM pragma_table_info(${t.name}) WHERE pk > 0 ORDER BY pk`,
    );
    if (cols.length > 0 && !(cols.length === 1 && cols[0]!.name === "id"))
      keys.push(cols.map((c) => `${t.name}.${c.name}`).join(", "));
  }
  // Triggers that refuse a write by raising "TRIGGER constraint failed: <their name>".
  const triggers = await db().all<{ name: string; sql: string }>(
    sql`SELECT name, sql FROM sqlite_master WHERE type = 'trigger'`,
  );
  const refusing = triggers.filter((t) => t.sql.includes(`TRIGGER constraint failed: ${t.name}`)).map((t) => t.name);
  return [...checks, ...uniques, ...keys, ...refusing].filter(
    (r) => !r.startsWith("__drizzle") && !r.startsWith("sqlite_") && !r.startsWith("_cf_"),
  );
}

describe("database rules by name", () => {
  it("the table names every CHECK constraint and UNIQUE key of the schema, and nothing else", async () => {
    const live = (await schemaRules()).sort();
    expect(live.length).toBeGreaterThan(30);
    expect(Object.keys(CONSTRAINTS).sort()).toEqual(live);
  });

  it("reads a real broken rule by name, through drizzle's wrapping", async () => {
    const s = await insertStudent();
    const dup = await db()
      .insert(students)
      .values({
        studentNo: s.studentNo,
        fullName: "Dup",
        nationality: "Egyptian",
        currentGrade: "Prep-1",
        buildingNo: 1,
        gender: "male",
      })
      .catch((e: unknown) => e);
    expect(violation(dup)).toEqual({ kind: "named", name: "students.student_no" });
    expect(broke(dup, "students.student_no")).toBe(true);
    expect(broke(dup, "fee_records.student_id, fee_records.academic_year_name")).toBe(false);
    const check = await db()
      .update(students)
      .set({ buildingNo: 99 })
      .where(sql`${students.id} = ${s.id}`)
      .catch((e: unknown) => e);
    expect(broke(check, "students_building_chk")).toBe(true);
    expect(brokeForeignKey(check)).toBe(false);
    expect(violation(new Error("fetch failed"))).toBeNull();
  });
});
