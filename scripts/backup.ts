/**
 * `npm run db:backup [FILE]`: writes a consistent snapshot of the database to an SQL file (default
 * backups/school-<UTC time>.sql). Uses LIBSQL_URL (+ LIBSQL_AUTH_TOKEN) when set, else the local database.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { dumpDatabase } from "./lib/backup";
import { openLocalDb } from "./lib/local-db";
import { ROOT } from "./lib/local-env";

const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = resolve(process.argv[2] ?? `${ROOT}/backups/school-${stamp}.sql`);
const target = process.env.LIBSQL_URL ? { url: process.env.LIBSQL_URL, release: async () => {} } : await openLocalDb();
try {
  const { sql, tables } = await dumpDatabase(target.url, process.env.LIBSQL_AUTH_TOKEN);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, sql, { mode: 0o600 });
  const rows = Object.values(tables).reduce((a, b) => a + b, 0);
  console.log(
    `backup written: ${file} (${Object.keys(tables).length} tables, ${rows} rows, ${(sql.length / 1024).toFixed(0)} KiB)`,
  );
} finally {
  await target.release();
}
