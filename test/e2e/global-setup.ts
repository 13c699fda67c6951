/**
 * Serves the built Worker for browser tests, as `npm start` does: a fresh sqld with the demo data and the first
 * admin, then `wrangler dev` on a free port. Needs `react-router build` first (scripts/test.ts runs it).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { bootstrapDatabase } from "../../scripts/lib/bootstrap";
import { ROOT, writeWorkerEnvFile } from "../../scripts/lib/local-env";
import { freePort, startSqld } from "../../scripts/lib/sqld";

export const E2E_ADMIN = { username: "admin", password: "e2e-password-123" };

export default async function setup(project: TestProject) {
  if (!existsSync(join(ROOT, "build/server/index.js"))) throw new Error("Run `npx react-router build` before the e2e tests (npm test does).");
  const dir = mkdtempSync(join(tmpdir(), "school-e2e-"));
  const sqld = await startSqld(join(dir, "db"));
  const pepper = "e2e-pepper";
  const { seeded } = await bootstrapDatabase({ url: sqld.url, pepper, admin: E2E_ADMIN, seedDemo: true });
  const port = await freePort();
  const envFile = writeWorkerEnvFile(dir, { LIBSQL_URL: sqld.url, PASSWORD_PEPPER: pepper });
  const wrangler = spawn(
    "npx",
    ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--env-file", envFile, "--persist-to", join(dir, "wrangler"), "--show-interactive-dev-session=false", "--log-level", "error"],
    { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, detached: true },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline || wrangler.exitCode !== null) throw new Error("wrangler dev did not start");
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide("baseUrl", baseUrl);
  project.provide("libsqlUrl", sqld.url);
  project.provide("e2eAdminPassword", E2E_ADMIN.password);
  project.provide("samples", JSON.stringify(seeded?.samples ?? {}));
  return async () => {
    try {
      process.kill(-wrangler.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
    await sqld.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    e2eAdminPassword: string;
    samples: string;
  }
}
