/**
 * Serves the built Worker for browser tests exactly as `npm start` does (scripts/lib/serve.ts). Each worker of the
 * e2e project (vitest.config.ts) gets its own two servers, so files running side by side never share data: one
 * with the demo data and one with `SEED_DEMO=0` (an empty school with only the first admin; the state-matrix
 * tests build their states through its API). Tests find theirs through test/e2e/server.ts. Needs
 * `react-router build` first (scripts/test.ts runs it). `TEST_CLOCK=1` lets a test set the server's "now" per request
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
export const E2E_BACKEND_ORIGINS = [
  "https://staging.example.com",
  "https://other.example.com",
  "https://override.example.test",
  "https://down.example.com",
  "http://127.0.0.1:59998",
];

export default async function setup(project: TestProject) {
  if (!existsSync(join(ROOT, "build/server/index.js")))
    throw new Error("Run `npx react-router build` before the e2e tests (npm test does).");
  const dir = mkdtempSync(join(tmpdir(), "school-e2e-"));
  const start = (name: string, seedDemo: boolean) =>
    serveLocal({
      dir: join(dir, name),
      dbPath: join(dir, name, "db"),
      pepper: "e2e-pepper",
      admin: E2E_ADMIN,
      seedDemo,
      vars: { BACKEND_ORIGINS: E2E_BACKEND_ORIGINS.join(","), TEST_CLOCK: "1", MESSAGES_ANY_HOUR: "1" },
    });
  // One demo and one empty server per worker (test/e2e/server.ts).
  const slots = Math.max(1, project.config.maxWorkers);
  const started = await Promise.allSettled(
    Array.from({ length: slots }, (_, i) => [start(`demo-${i}`, true), start(`empty-${i}`, false)]).flat(),
  );
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
  const pairs = Array.from({ length: slots }, (_, i) => {
    const [demo, empty] = [servers[2 * i]!, servers[2 * i + 1]!];
    return {
      baseUrl: demo.url,
      emptyBaseUrl: empty.url,
      libsqlUrl: demo.sqld.url,
      samples: demo.seeded?.samples ?? null,
      messageStandinUrl: demo.messages?.url ?? null,
    };
  });
  project.provide("e2eServers", JSON.stringify(pairs));
  project.provide("e2eAdminPassword", E2E_ADMIN.password);
  return cleanup;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** JSON of one `E2eServer` per worker (test/e2e/server.ts). */
    e2eServers: string;
    e2eAdminPassword: string;
  }
}
