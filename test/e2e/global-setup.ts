/**
 * Serves the built Worker for browser tests exactly as `npm start` does (scripts/lib/serve.ts). Each e2e project
 * (vitest.config.ts) gets its own servers, so the two projects run side by side without sharing data: `baseUrl`
 * with the demo data and, for the project that asks for it, `emptyBaseUrl` with `SEED_DEMO=0` (an empty school with
 * only the first admin; the state-matrix tests build their states through its API). Needs `react-router build`
 * first (scripts/test.ts runs it). `TEST_CLOCK=1` lets a test set the server's "now" per request
 * (worker/request-clock.ts).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ROOT } from "../../scripts/lib/local-env";
import { serveLocal } from "../../scripts/lib/serve";

export const E2E_ADMIN = { username: "admin", password: "e2e-password-123" };

/** The other backends the demo server's pages may be pointed at (CSP connect-src), as a school would list them. */
export const E2E_BACKEND_ORIGINS = ["https://staging.example.com", "https://other.example.com", "https://override.example.test", "https://down.example.com", "http://127.0.0.1:59998"];

export default async function setup(project: TestProject) {
  if (!existsSync(join(ROOT, "build/server/index.js"))) throw new Error("Run `npx react-router build` before the e2e tests (npm test does).");
  const dir = mkdtempSync(join(tmpdir(), "school-e2e-"));
  const start = (name: string, seedDemo: boolean) =>
    serveLocal({ dir: join(dir, name), dbPath: join(dir, name, "db"), pepper: "e2e-pepper", admin: E2E_ADMIN, seedDemo, vars: { BACKEND_ORIGINS: E2E_BACKEND_ORIGINS.join(","), TEST_CLOCK: "1" } });
  const withEmpty = project.config.provide?.withEmptyServer === true;
  const started = await Promise.allSettled([start("demo", true), ...(withEmpty ? [start("empty", false)] : [])]);
  const servers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const cleanup = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await cleanup();
    throw failed.reason;
  }
  const [demo, empty] = servers as [(typeof servers)[0], (typeof servers)[0] | undefined];
  project.provide("baseUrl", demo.url);
  project.provide("libsqlUrl", demo.sqld.url);
  project.provide("emptyBaseUrl", empty?.url ?? "");
  project.provide("e2eAdminPassword", E2E_ADMIN.password);
  project.provide("samples", JSON.stringify(demo.seeded?.samples ?? {}));
  return cleanup;
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** A server with an empty database (only the first admin), for tests that build their own states ("" when the
     * project did not ask for one with `withEmptyServer`). */
    emptyBaseUrl: string;
    /** Set in a project's `provide` to have the global setup start the empty server too. */
    withEmptyServer: boolean;
    e2eAdminPassword: string;
    samples: string;
  }
}
