/**
 * SQL helpers of the bulk import (docs/product.md#bulk-import): lists cut into chunks that stay far below SQLite's
 * limit on bound values in one statement (32,766), and multi-row UPDATEs from a VALUES list, so 5,000 rows are tens
 * of statements in the one commit batch, not tens of thousands.
 */
import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { batchAll, type Db } from "../../db";

/** Bound values per statement we allow ourselves (SQLite's own limit is 32,766). */
const MAX_VALUES = 8_000;

/** `items` in chunks of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Rows per statement when each row binds `valuesPerRow` values. */
export const rowsPerStatement = (valuesPerRow: number) => Math.max(1, Math.floor(MAX_VALUES / valuesPerRow));

/** Runs `query` for each chunk of `keys` in one batch (one round trip, `batchAll`) and returns every row. */
export async function selectIn<K, R>(
  db: Db,
  keys: readonly K[],
  query: (chunk: K[]) => BatchItem<"sqlite">,
): Promise<R[]> {
  if (!keys.length) return [];
  const parts = chunks([...new Set(keys)], 500).map(query);
  const answers = (await batchAll(db, parts)) as unknown as R[][];
  return answers.flat();
}

/** `(v1, v2, …), (…)` of `rows` for a VALUES list (columns are `column1` …). */
export function valuesList(rows: ReadonlyArray<ReadonlyArray<unknown>>): SQL {
  return sql.join(
    rows.map(
      (r) =>
        sql`(${sql.join(
          r.map((v) => sql`${v}`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
}

/**
 * `UPDATE table SET col = v.columnN … FROM (VALUES …) AS v WHERE table.id = v.column1`, chunked: rows are
 * `[id, ...values in the order of columns]`; `extra` sets columns to the same SQL for every row (e.g. updated_at);
 * a NULL value of a column in `keep` keeps the stored value as the write finds it (a column the sheet did not have).
 */
export function updateFromValues(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<unknown>>,
  extra = "",
  keep: readonly string[] = [],
): BatchItem<"sqlite">[] {
  const value = (c: string, i: number) => (keep.includes(c) ? `coalesce(v.column${i + 2}, ${c})` : `v.column${i + 2}`);
  const set = columns.map((c, i) => `${c} = ${value(c, i)}`).join(", ") + (extra ? `, ${extra}` : "");
  return chunks(rows, rowsPerStatement(columns.length + 1)).map((part) =>
    db.run(
      sql`UPDATE ${sql.identifier(table)} SET ${sql.raw(set)} FROM (VALUES ${valuesList(part)}) AS v WHERE ${sql.identifier(table)}.id = v.column1`,
    ),
  );
}
