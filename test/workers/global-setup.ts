/** Starts a fresh sqld for the API tests, migrates it, creates the test admin, and provides the URL. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { bootstrapDatabase } from "../../scripts/lib/bootstrap";
import { startSqld } from "../../scripts/lib/sqld";
import { startFaultProxy } from "../support/fault-proxy";

export const TEST_ADMIN = { username: "admin", password: "test-password-123" };

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "school-api-"));
  const sqld = await startSqld(join(dir, "db"));
  const pepper = "test-pepper-not-secret";
  await bootstrapDatabase({ url: sqld.url, pepper, admin: TEST_ADMIN, seedDemo: false });
  project.provide("libsqlUrl", sqld.url);
  project.provide("pepper", pepper);
  project.provide("adminPassword", TEST_ADMIN.password);
  const proxy = await startFaultProxy(sqld.url);
  project.provide("faultyLibsqlUrl", proxy.url);
  project.provide("faultControlUrl", proxy.control);
  return async () => {
    await proxy.close();
    await sqld.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    libsqlUrl: string;
    pepper: string;
    adminPassword: string;
    faultyLibsqlUrl: string;
    faultControlUrl: string;
  }
}
