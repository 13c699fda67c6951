/**
 * Backup/restore drill: a database with the demo data is dumped while the app could be writing, restored into a
 * fresh database, and the copy must pass `PRAGMA integrity_check` with equal row counts and money totals.
 * Also runs the two CLIs (`npm run db:backup`, `npm run db:restore FILE`) on a DATA_DIR of its own.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bootstrapDatabase } from "../../scripts/lib/bootstrap";
import { checkDatabase, dumpDatabase, restoreDump } from "../../scripts/lib/backup";
import { ROOT } from "../../scripts/lib/local-env";
import { startSqld, type Sqld } from "../../scripts/lib/sqld";

const dir = mkdtempSync(join(tmpdir(), "school-drill-"));
const servers: Sqld[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});

describe("backup drill", () => {
  it("restores a consistent copy: integrity ok, equal row counts and money totals", async () => {
    const source = await startSqld(join(dir, "source"));
    servers.push(source);
    await bootstrapDatabase({
      url: source.url,
      pepper: "drill",
      admin: { username: "admin", password: "drill-pass-1" },
      seedDemo: true,
    });
    const before = await checkDatabase(source.url);
    const { sql, tables } = await dumpDatabase(source.url);
    expect(tables.students).toBe(1200);

    const target = await startSqld(join(dir, "target"));
    servers.push(target);
    await restoreDump(target.url, sql);
    const after = await checkDatabase(target.url);
    console.log(
      `drill: ${Object.keys(after.tables).length} tables, ${Object.values(after.tables).reduce((a, b) => a + b, 0)} rows, integrity ${after.integrity}, fees ${after.money.feeTotal / 100} EGP, paid ${after.money.feePaid / 100} EGP`,
    );
    expect(after.integrity).toBe("ok");
    expect(after.tables).toEqual(before.tables);
    expect(after.money).toEqual(before.money);
    expect(after.money.feePaid).toBe(after.money.payments);
    await expect(restoreDump(target.url, sql)).rejects.toThrow(/not empty/);
  }, 120_000);

  it("works through the npm scripts on a local DATA_DIR", () => {
    const data = join(dir, "data");
    const env = { ...process.env, DATA_DIR: data };
    // Make a local database the way `npm start` would, without serving the app.
    execFileSync(
      "npx",
      [
        "tsx",
        "-e",
        `import("${ROOT}/scripts/lib/sqld.ts").then(async ({ startSqld }) => { const { bootstrapDatabase } = await import("${ROOT}/scripts/lib/bootstrap.ts"); const s = await startSqld("${data}/school.sqld"); await bootstrapDatabase({ url: s.url, pepper: "p", admin: { username: "admin", password: "x-pass-123" }, seedDemo: false }); await s.stop(); })`,
      ],
      { cwd: ROOT, env, stdio: "pipe" },
    );
    const file = join(dir, "drill.sql");
    const out1 = execFileSync("npx", ["tsx", "scripts/backup.ts", file], { cwd: ROOT, env, encoding: "utf8" });
    expect(out1).toMatch(/backup written/);
    const out2 = execFileSync("npx", ["tsx", "scripts/restore.ts", file], { cwd: ROOT, env, encoding: "utf8" });
    expect(out2).toMatch(/integrity ok/);
    expect(readdirSync(data).some((f) => f.startsWith("school.sqld.before-restore-"))).toBe(true);
  }, 120_000);
});
