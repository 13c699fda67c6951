/**
 * All money moves through one ledger (docs/money.md): no module of worker/, db/, common/ or the seed outside
 * worker/services/ledger/ writes `payments`, `receipt_counters`, what instalments and records hold
 * (`fee_instalments.paid_piastres`, `fee_records.paid_piastres`) or an online payment's credit
 * (`online_payments.credit_piastres`, `paymob_transactions.credit_piastres`), in SQL text or through drizzle. Reads are
 * allowed. The checker is tried on planted sources first.
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

/** Columns only the ledger writes in tables others write: SQL table, drizzle table, SQL column, drizzle key. */
const GUARDED_COLUMNS = [
  ["fee_instalments", "feeInstalments", "paid_piastres", "paidPiastres"],
  ["fee_records", "feeRecords", "paid_piastres", "paidPiastres"],
  ["online_payments", "onlinePayments", "credit_piastres", "creditPiastres"],
  ["paymob_transactions", "paymobTransactions", "credit_piastres", "creditPiastres"],
  ["online_payment_parts", "onlinePaymentParts", "credit_piastres", "creditPiastres"],
  ["online_refund_parts", "onlineRefundParts", "credit_piastres", "creditPiastres"],
  ["online_refund_parts", "onlineRefundParts", "applied_piastres", "appliedPiastres"],
] as const;

/** The text inside the parentheses opening at `open` (an index of "("), nested ones included. */
function balanced(src: string, open: number): string {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === "(") depth++;
    else if (src[i] === ")" && --depth === 0) return src.slice(open + 1, i);
  }
  return src.slice(open + 1);
}

/**
 * The argument of the `.set(…)` / `.values(…)` call chained right after index `from`; a bare name is looked up as
 * the object a `const` of that name holds in the same source.
 */
function chainedArgument(src: string, from: number, method: string): string {
  const call = new RegExp(String.raw`^\s*\.\s*${method}\s*\(`).exec(src.slice(from));
  if (!call) return "";
  const arg = balanced(src, from + call[0].length - 1).trim();
  if (!/^[\w$]+$/.test(arg)) return arg;
  const decl = new RegExp(String.raw`\b(?:const|let)\s+${arg.replace(/\$/g, "\\$")}\s*(?::[^=]+)?=\s*\{`).exec(src);
  return decl ? balanced(`(${src.slice(decl.index + decl[0].length - 1)}`, 0) : arg;
}

/** Parenthesised parts of SQL text dropped (nested too): subqueries, function calls. */
function flat(text: string): string {
  let out = text;
  while (/\([^()]*\)/.test(out)) out = out.replace(/\([^()]*\)/g, "");
  return out;
}

/** What writes a guarded column of GUARDED_COLUMNS in `src` (comments already removed). */
function columnWrites(src: string): string[] {
  const found: string[] = [];
  for (const [table, drizzleTable, column, key] of GUARDED_COLUMNS) {
    const sqlUpdate = new RegExp(
      String.raw`\bUPDATE(?:\s+OR\s+\w+)?\s+["\x60]?${table}["\x60]?(?:\s+AS\s+\w+)?\s+SET\b([^\x60]*)`,
      "gi",
    );
    const assigned = new RegExp(String.raw`(?:^|,)\s*(?:\w+\.)?["\x60]?${column}["\x60]?\s*=`, "i");
    for (const m of src.matchAll(sqlUpdate)) {
      const set = flat(m[1]!).split(/\b(?:WHERE|FROM|RETURNING)\b/i)[0]!;
      if (assigned.test(set)) found.push(`SQL update of ${table}.${column}`);
    }
    const sqlInsert = new RegExp(
      String.raw`\b(?:INSERT(?:\s+OR\s+\w+)?|REPLACE)\s+INTO\s+["\x60]?${table}["\x60]?\s*\(([^)]*)\)`,
      "gi",
    );
    for (const m of src.matchAll(sqlInsert))
      if (new RegExp(String.raw`\b${column}\b`, "i").test(m[1]!)) found.push(`SQL insert of ${table}.${column}`);
    const names = tableNames(src, drizzleTable);
    const keyed = new RegExp(String.raw`\b${key}\b\s*[:,}]|\b${column}\b`);
    for (const [verb, method] of [
      ["update", "set"],
      ["insert", "values"],
    ] as const)
      for (const m of src.matchAll(drizzleWrite(verb, names)))
        if (keyed.test(chainedArgument(src, m.index! + m[0].length, method)))
          found.push(`drizzle ${verb} of ${drizzleTable}.${key}: ${m[0]}`);
  }
  return found;
}

/** What writes money in `source`, one line each (empty: nothing). */
function moneyWrites(source: string): string[] {
  const src = withoutComments(source);
  const found: string[] = [];
  const sqlWrite =
    /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+["`]?(payments|receipt_counters)["`]?(?![\w])/gi;
  for (const m of src.matchAll(sqlWrite)) found.push(`SQL write of ${m[1]}: ${m[0]}`);
  // An instalment's paid amount: any UPDATE of the table (an INSERT naming the column: `columnWrites`).
  for (const m of src.matchAll(/\bUPDATE(?:\s+OR\s+\w+)?\s+["`]?fee_instalments["`]?(?![\w])/gi))
    found.push(`SQL write of fee_instalments: ${m[0]}`);
  for (const table of ["payments", "receiptCounters"])
    for (const m of src.matchAll(drizzleWrite("insert|update|delete", tableNames(src, table))))
      found.push(`drizzle write of ${table}: ${m[0]}`);
  const instalments = tableNames(src, "feeInstalments");
  for (const m of src.matchAll(drizzleWrite("update", instalments))) found.push(`drizzle update: ${m[0]}`);
  found.push(...columnWrites(src));
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
    ["record's paid, drizzle update", "db.update(feeRecords).set({ totalPiastres: 1, paidPiastres: 0 }).where(x)"],
    ["record's paid, named set", "const set = { version: 2, paidPiastres: p };\ndb.update(t.feeRecords).set(set)"],
    ["record's paid, shorthand", "db\n  .insert(feeRecords)\n  .values({ studentId, paidPiastres })\n  .returning()"],
    ["record's paid, SQL", "sql`UPDATE fee_records SET updated_at = 1, paid_piastres = paid_piastres + 1`"],
    [
      "record's paid, SQL insert",
      "sql`INSERT INTO fee_records (student_id, total_piastres, paid_piastres) VALUES (1)`",
    ],
    [
      "credit after a subquery's WHERE",
      "sql`UPDATE online_payments SET x = (SELECT y FROM t WHERE z = 1), credit_piastres = 0 WHERE id = 1`",
    ],
    ["transaction credit, SQL", "sql`INSERT INTO paymob_transactions (transaction_id, credit_piastres) SELECT 1, 2`"],
    ["credit, drizzle", "db.update(onlinePayments).set({ creditPiastres: sql`credit_piastres + 1` })"],
    ["transaction credit, drizzle", "db.insert(paymobTransactions).values({ transactionId: t, creditPiastres: 0 })"],
  ])("catches a %s", (_, src) => {
    expect(moneyWrites(src)).not.toEqual([]);
  });

  it.each([
    ["reads", "db.select().from(payments).where(eq(payments.id, 1)); sql`SELECT * FROM payments`"],
    ["other tables", "db.insert(paymentAllocations).values(r); db.update(paymobTransactions).set(x)"],
    ["a longer name", "sql`UPDATE payments_archive SET x = 1`; db.insert(paymentsArchive).values(r)"],
    ["a schedule without paid", "db.insert(feeInstalments).values(rows.map((r) => ({ amountPiastres: 1 }))),\n"],
    ["a record's other columns", "db.update(feeRecords).set({ version: 2 }).where(ne(feeRecords.paidPiastres, 1))"],
    ["a condition on paid", "sql`UPDATE fee_records SET version = 2 WHERE paid_piastres = 0`"],
    ["an order's other columns", "sql`UPDATE online_payments SET status = 'paid' WHERE credit_piastres = 0`"],
    ["a transaction without credit", "sql`INSERT INTO paymob_transactions (transaction_id, kind) VALUES (1, 2)`"],
    ["a comment", "// we never UPDATE payments here\n/* db.insert(payments) */ const x = 1;"],
  ])("lets %s pass", (_, src) => {
    expect(moneyWrites(src)).toEqual([]);
  });
});

describe("the ledger owns money", () => {
  it("no module outside worker/services/ledger/ writes payments, counters, paid amounts or credits", () => {
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
