/**
 * Consistent logical backups of a libSQL database (docs/decisions/0009-backups.md).
 * `dumpDatabase` reads the schema and every row in ONE read transaction (a libSQL "read" batch), so the snapshot
 * is consistent even while the app writes; it returns an SQL script. `restoreDump` runs such a script against an
 * empty database. `checkDatabase` returns `PRAGMA integrity_check`, per-table row counts and the money totals.
 */
import { retryingFetch } from "../../worker/db-retry";
import { type Client, createClient, type InValue, type Row } from "@libsql/client";

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

function literal(v: unknown): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) return `X'${Buffer.from(v as ArrayBuffer).toString("hex")}'`;
  return `'${String(v).replace(/'/g, "''")}'`;
}

interface SchemaRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** Rows per read: one answer stays well under the server's response limit (a school's years of results). */
const PAGE_ROWS = 5_000;

/**
 * Every row of each of `tables` (quoted names), read inside one read transaction, so the copy is one moment of the
 * database, page by page, so no answer is too large for the server.
 */
async function readAll(client: Client, tables: string[]): Promise<Array<{ columns: string[]; rows: Row[] }>> {
  const tx = await client.transaction("read");
  try {
    const out: Array<{ columns: string[]; rows: Row[] }> = [];
    for (const t of tables) {
      const all: { columns: string[]; rows: Row[] } = { columns: [], rows: [] };
      for (let offset = 0; ; offset += PAGE_ROWS) {
        const rs = await tx.execute({ sql: `SELECT * FROM ${t} LIMIT ? OFFSET ?`, args: [PAGE_ROWS, offset] });
        all.columns = rs.columns;
        all.rows.push(...rs.rows);
        if (rs.rows.length < PAGE_ROWS) break;
      }
      out.push(all);
    }
    return out;
  } finally {
    tx.close();
  }
}

/** An SQL script that recreates the database: tables, their rows, then indexes and triggers. */
export async function dumpDatabase(
  url: string,
  authToken?: string,
): Promise<{ sql: string; tables: Record<string, number> }> {
  const client = createClient({ url, authToken, fetch: retryingFetch() });
  try {
    const schema = (
      await client.execute(
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_litestream%' ORDER BY CASE type WHEN 'table' THEN 0 ELSE 1 END, name",
      )
    ).rows as unknown as SchemaRow[];
    const tables = schema.filter((s) => s.type === "table").map((s) => s.name);
    const reads = await readAll(client, [...tables.map(quoteIdent), "sqlite_sequence"]);
    const out: string[] = [
      `-- school-platform backup ${new Date().toISOString()}`,
      "PRAGMA foreign_keys=OFF;",
      "BEGIN;",
    ];
    const counts: Record<string, number> = {};
    tables.forEach((t, i) => {
      out.push(`${schema.find((s) => s.name === t)!.sql};`);
      const rs = reads[i]!;
      counts[t] = rs.rows.length;
      const cols = rs.columns.map(quoteIdent).join(", ");
      for (const row of rs.rows)
        out.push(
          `INSERT INTO ${quoteIdent(t)} (${cols}) VALUES (${rs.columns.map((_, j) => literal(row[j])).join(", ")});`,
        );
    });
    for (const s of schema.filter((s) => s.type !== "table")) out.push(`${s.sql};`);
    const seqs = reads[tables.length]!;
    for (const row of seqs.rows)
      out.push(`INSERT OR REPLACE INTO sqlite_sequence (name, seq) VALUES (${literal(row[0])}, ${literal(row[1])});`);
    out.push("COMMIT;", "PRAGMA foreign_keys=ON;", `-- tables: ${JSON.stringify(counts)}`);
    return { sql: `${out.join("\n")}\n`, tables: counts };
  } finally {
    client.close();
  }
}

/** Runs a dump against an EMPTY database. Throws if the database already has tables. */
export async function restoreDump(url: string, sql: string, authToken?: string): Promise<void> {
  const client = createClient({ url, authToken, fetch: retryingFetch() });
  try {
    const existing = await client.execute(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    );
    if (Number(existing.rows[0]!.n) > 0)
      throw new Error("The target database is not empty; restore only into a fresh database.");
    await client.executeMultiple(sql);
  } finally {
    client.close();
  }
}

export interface DbCheck {
  integrity: string;
  tables: Record<string, number>;
  money: { feeTotal: number; feePaid: number; payments: number };
}

/** Integrity check, row counts per table and the money totals (piastres). */
export async function checkDatabase(url: string, authToken?: string): Promise<DbCheck> {
  const client = createClient({ url, authToken, fetch: retryingFetch() });
  try {
    const integrity = String((await client.execute("PRAGMA integrity_check")).rows[0]![0]);
    const names = (
      await client.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
    ).rows.map((r) => String(r[0]));
    const counts = await client.batch(
      names.map((n) => `SELECT count(*) FROM ${quoteIdent(n)}`),
      "read",
    );
    const tables = Object.fromEntries(names.map((n, i) => [n, Number(counts[i]!.rows[0]![0])]));
    const sum = async (q: string) => Number((await client.execute(q)).rows[0]![0] ?? 0);
    const has = (t: string) => names.includes(t);
    return {
      integrity,
      tables,
      money: {
        feeTotal: has("fee_records") ? await sum("SELECT coalesce(sum(total_piastres), 0) FROM fee_records") : 0,
        feePaid: has("fee_records") ? await sum("SELECT coalesce(sum(paid_piastres), 0) FROM fee_records") : 0,
        payments: has("payments") ? await sum("SELECT coalesce(sum(amount_piastres), 0) FROM payments") : 0,
      },
    };
  } finally {
    client.close();
  }
}

export type { InValue };

/** The per-table row counts recorded at the end of a dump (for the restore check). */
export function dumpTableCounts(sql: string): Record<string, number> | null {
  const m = /^-- tables: (\{.*\})$/m.exec(sql);
  return m ? (JSON.parse(m[1]!) as Record<string, number>) : null;
}
