/**
 * Six vitest projects (docs/decisions/0003-testing.md):
 * - unit: plain Node tests;
 * - ops: backup/restore drill and other operations scripts against a real sqld;
 * - workers, workers-2: API tests inside workerd (@cloudflare/vitest-plugin), each project against its own real sqld
 *   started by a global setup;
 * - e2e: playwright-core + Debian Chromium against the built Worker served by `wrangler dev`, a demo server and an
 *   empty one per worker (test/e2e/global-setup.ts, test/e2e/server.ts).
 */
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

/**
 * Browser-test files run at once, each worker on its own two servers (test/e2e/server.ts). One on this 2-core
 * machine: Chromium keeps both cores busy, so two files at a time took 379 s against 438 s and the 1,000-request
 * selection test met the Worker's 4 s database timeout (bench/README.md, "Test suite"). More on a bigger machine.
 */
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 1);

/**
 * The API tests run as two projects side by side, each with its own sqld and stand-ins (test/workers/global-setup.ts):
 * inside one, files go one at a time, since they share its database and some set global state (the single active
 * selection period). One project kept one core busy and left the other about half idle (384 s, 47 % idle); the
 * second takes these files, about half of the project's time (bench/README.md, "Test suite"). A new file goes to
 * the first unless listed here.
 */
const API_SHARD_2 = [
  "fuzz",
  "openapi-document",
  "fee-plans-property",
  "db-outage",
  "fee-races",
  "login-lock",
  "public-results",
].map((name) => `test/workers/${name}.test.ts`);

/** One API-test project: the Worker in workerd (@cloudflare/vitest-plugin) against its own real sqld. */
function apiProject(name: string, include: string[], exclude: string[]) {
  return {
    // Tests reach web modules that import the worker through the one alias (@worker/).
    resolve: { tsconfigPaths: true },
    plugins: [
      cloudflareTest(({ inject }) => ({
        main: "./test/workers/main.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            LIBSQL_URL: inject<string>("libsqlUrl"),
            PASSWORD_PEPPER: inject<string>("pepper"),
            TEST_ADMIN_PASSWORD: inject<string>("adminPassword"),
            CORS_ORIGINS: "https://allowed.example",
            // The request clock header (worker/request-clock.ts): test-only.
            TEST_CLOCK: "1",
            // Guardians' messages: the webhook's signing secret (test/workers/messages.test.ts).
            WHATSAPP_APP_SECRET: "test-app-secret",
            FUZZ_RUNS: process.env.FUZZ_RUNS ?? "100",
            FAULTY_LIBSQL_URL: inject<string>("faultyLibsqlUrl"),
            FAULT_CONTROL_URL: inject<string>("faultControlUrl"),
            STALLABLE_LIBSQL_URL: inject<string>("stallableLibsqlUrl"),
            STALL_CONTROL_URL: inject<string>("stallControlUrl"),
            // The local Paymob stand-in (test/workers/global-setup.ts).
            ...(JSON.parse(inject<string>("paymobEnv")) as Record<string, string>),
            // The local message provider (test/workers/global-setup.ts), signing with WHATSAPP_APP_SECRET above.
            ...(JSON.parse(inject<string>("messagesEnv")) as Record<string, string>),
            MESSAGE_STANDIN_URL: inject<string>("messageStandinUrl"),
          },
        },
      })),
    ],
    test: {
      name,
      include,
      exclude,
      globalSetup: ["./test/workers/global-setup.ts"],
      fileParallelism: false,
      testTimeout: 30_000,
      hookTimeout: 30_000,
      // After the browser tests: run alongside them, the Worker's 4 s database deadline fired under the contention.
      sequence: { groupOrder: 2 },
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; the unit tests mostly wait on imports, so four. The two API
    // projects go one file at a time each, after the e2e project.
    maxWorkers: 4,
    projects: [
      {
        // The console's pure modules import through the tsconfig paths (~/, @worker/).
        resolve: { tsconfigPaths: true },
        test: { name: "unit", environment: "node", include: ["test/unit/**/*.test.ts"] },
      },
      {
        test: { name: "ops", environment: "node", include: ["test/ops/**/*.test.ts"], testTimeout: 120_000 },
      },
      apiProject("workers", ["test/workers/**/*.test.ts"], API_SHARD_2),
      apiProject("workers-2", API_SHARD_2, []),
      {
        // Tests import console modules (dictionaries, storage keys) that reach the worker through @worker/.
        resolve: { tsconfigPaths: true },
        test: {
          name: "e2e",
          environment: "node",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["./test/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A poll in a browser test waits for a request and a render; vitest's default of 1 s failed one in CI
          // under load. 15 s, like the longest waits the tests set themselves, still ends well inside the test's.
          expect: { poll: { timeout: 15_000 } },
          // E2E_WORKERS files at a time, each on its worker's own servers (no shared data); after the unit tests
          // and before the workers project (vitest runs project groups one after another).
          maxWorkers: E2E_WORKERS,
          // Files share the worker's imported modules (playwright-core, the helpers) instead of loading them again:
          // 12 short files took 62 s against 79 s. Each file still launches its own browser and builds its own data;
          // the helpers keep no state between files but unique-number counters.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
