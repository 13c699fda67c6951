/**
 * `npm run db:restore FILE`: replaces the LOCAL database with a backup. Stop `npm start` first. The current
 * database is kept aside as DATA_DIR/school.sqld.before-restore-<time>. After the restore it checks
 * `PRAGMA integrity_check` and that every table has the row count recorded in the backup.
 * Production restores use Turso's point-in-time restore (README, "Backups").
 */
import { existsSync, readFileSync, renameSync } from "node:fs";
import { resolve } from "node:path";
import { checkDatabase, dumpTableCounts, restoreDump } from "./lib/backup";
import { localDbPath, runningLocalUrl } from "./lib/local-db";
import { startSqld } from "./lib/sqld";

const file = process.argv[2];
if (!file || !existsSync(resolve(file))) {
  console.error("Usage: npm run db:restore FILE");
  process.exit(1);
}
if (await runningLocalUrl()) {
  console.error("The app is running (npm start). Stop it with Ctrl-C, then restore.");
  process.exit(1);
}
const sql = readFileSync(resolve(file), "utf8");
const path = localDbPath();
if (existsSync(path)) {
  const aside = `${path}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  renameSync(path, aside);
  console.log(`current database kept at ${aside}`);
}
const sqld = await startSqld(path);
try {
  await restoreDump(sqld.url, sql);
  const check = await checkDatabase(sqld.url);
  const expected = dumpTableCounts(sql) ?? {};
  const mismatched = Object.entries(expected).filter(([t, n]) => check.tables[t] !== n);
  if (check.integrity !== "ok" || mismatched.length) {
    console.error(
      `restore check FAILED: integrity=${check.integrity}; mismatched tables: ${JSON.stringify(mismatched)}`,
    );
    process.exitCode = 1;
  } else {
    console.log(`restored ${file}: integrity ok, ${Object.keys(expected).length} tables with matching row counts`);
  }
} finally {
  await sqld.stop();
}
