/**
 * All money moves through one ledger (docs/money.md): no module of worker/, db/, common/ or the seed outside
 * worker/services/ledger/ writes `payments`, `receipt_counters` or what instalments hold (`fee_instalments`
 * `paid_piastres`), in SQL text or through drizzle. Reads are allowed. The checker is tried on planted sources first.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const SCANNED = ["worker", "db", "common", "scripts/seed"];
const LEDGER = "worker/services/ledger/";

/** The source without comments (a `//` inside a string such as a URL stays: it follows no space or line start). */
const withoutComments = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/(^|\s)\/\/.*$/gm, "$1");

/** Drizzle names of the guarded tables in `src`: the schema's own, and any `import { payments as p }` alias. */
function tableNames(src: string, table: string): string[] {
  const aliases = [...src.matchAll(new RegExp(String.raw`\b${table}\s+as\s+(\w+)`, "g"))].map((m) => m[1]!);
  return [table, ...aliases];
}

/** `.insert(x)`, `. update ( t.x )`…: a drizzle write of one of `names` (qualified or not), with what follows. */
const drizzleWrite = (verbs: string, names: string[]) =>
  new RegExp(String.raw`\.\s*(?:${verbs})\s*\(\s*(?:[\w$]+\s*\.\s*)*(?:${names.join("|")})\s*\)`, "g");

/** What writes money in `source`, one line each (empty: nothing). */
function moneyWrites(source: string): string[] {
  const src = withoutComments(source);
  const found: string[] = [];
  const sqlWrite =
    /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+["`]?(payments|receipt_counters)["`]?(?![\w])/gi;
  for (const m of src.matchAll(sqlWrite)) found.push(`SQL write of ${m[1]}: ${m[0]}`);
  // An instalment's paid amount: any UPDATE of the table, or an INSERT naming the column.
  for (const m of src.matchAll(/\bUPDATE(?:\s+OR\s+\w+)?\s+["`]?fee_instalments["`]?(?![\w])/gi))
    found.push(`SQL write of fee_instalments: ${m[0]}`);
  for (const m of src.matchAll(/\bINSERT(?:\s+OR\s+\w+)?\s+INTO\s+["`]?fee_instalments["`]?\s*\(([^)]*)\)/gi))
    if (/\bpaid_piastres\b/i.test(m[1]!)) found.push(`SQL insert of fee_instalments.paid_piastres`);
  for (const table of ["payments", "receiptCounters"])
    for (const m of src.matchAll(drizzleWrite("insert|update|delete", tableNames(src, table))))
      found.push(`drizzle write of ${table}: ${m[0]}`);
  const instalments = tableNames(src, "feeInstalments");
  for (const m of src.matchAll(drizzleWrite("update", instalments))) found.push(`drizzle update: ${m[0]}`);
  const inserts = drizzleWrite("insert", instalments);
  for (const m of src.matchAll(inserts)) {
    // The statement's values up to the next statement: a `paidPiastres` key there writes what instalments hold.
    const rest = src.slice(m.index! + m[0].length).split(/\)\s*[,;]\s*(?:\n|$)/)[0]!;
    if (/\bpaidPiastres\s*:/.test(rest) || /\bpaid_piastres\b/.test(rest))
      found.push(`drizzle insert of feeInstalments.paidPiastres: ${m[0]}`);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "migrations" || name === "node_modules" ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(name) ? [path] : [];
  });
}

describe("the money-writes checker", () => {
  it.each([
    ["drizzle insert", "await db.insert(payments).values(row);"],
    ["drizzle update, spaced and qualified", "db . update (\n  schema.payments\n).set({ amountPiastres: 1 })"],
    ["drizzle delete of an alias", 'import { payments as pay } from "../db/schema";\ndb.delete(pay).where(x);'],
    ["drizzle counter", "db.insert(t.receiptCounters).values({ academicYear: y, lastSequence: 1 })"],
    ["SQL insert", "db.run(sql`INSERT INTO payments (fee_record_id) VALUES (1)`)"],
    ["SQL update, lower case", "sql`update payments set amount_piastres = 0`"],
    ["SQL upsert of the counter", "sql`INSERT OR REPLACE INTO receipt_counters VALUES (?, 1)`"],
    ["SQL delete, quoted", 'sql`DELETE FROM "payments" WHERE id = 1`'],
    ["SQL refill", "sql`UPDATE fee_instalments AS i SET paid_piastres = 0`"],
    ["SQL insert of paid", "sql`INSERT INTO fee_instalments (fee_record_id, paid_piastres) VALUES (1, 2)`"],
    ["drizzle update of instalments", "db.update(feeInstalments).set({ paidPiastres: 0 })"],
    ["drizzle insert with paid", "db.insert(feeInstalments).values({ feeRecordId: 1, paidPiastres: 5 }),\n"],
  ])("catches a %s", (_, src) => {
    expect(moneyWrites(src)).not.toEqual([]);
  });

  it.each([
    ["reads", "db.select().from(payments).where(eq(payments.id, 1)); sql`SELECT * FROM payments`"],
    ["other tables", "db.insert(paymentAllocations).values(r); db.update(paymobTransactions).set(x)"],
    ["a longer name", "sql`UPDATE payments_archive SET x = 1`; db.insert(paymentsArchive).values(r)"],
    ["a schedule without paid", "db.insert(feeInstalments).values(rows.map((r) => ({ amountPiastres: 1 }))),\n"],
    ["a comment", "// we never UPDATE payments here\n/* db.insert(payments) */ const x = 1;"],
  ])("lets %s pass", (_, src) => {
    expect(moneyWrites(src)).toEqual([]);
  });
});

describe("the ledger owns money", () => {
  it("no module outside worker/services/ledger/ writes payments, receipt counters or instalments' paid", () => {
    const files = SCANNED.flatMap((d) => sourceFiles(join(ROOT, d))).map((f) => relative(ROOT, f));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((f) => !f.startsWith(LEDGER))
      .flatMap((f) => moneyWrites(readFileSync(join(ROOT, f), "utf8")).map((w) => `${f}: ${w}`));
    expect(offenders).toEqual([]);
  });

  it("the ledger itself is seen writing (the scan reads the right files)", () => {
    const ledger = sourceFiles(join(ROOT, LEDGER)).flatMap((f) => moneyWrites(readFileSync(f, "utf8")));
    expect(ledger.length).toBeGreaterThan(3);
  });
});
