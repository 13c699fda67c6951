/**
 * Five vitest projects (docs/decisions/0003-testing.md):
 * - unit: plain Node tests;
 * - ops: backup/restore drill and other operations scripts against a real sqld;
 * - workers: API tests inside workerd (@cloudflare/vitest-plugin) against a real sqld started by a global setup;
 * - e2e and e2e-public: playwright-core + Debian Chromium against the built Worker served by `wrangler dev`. Each
 *   has its own servers (test/e2e/global-setup.ts), so neither depends on the other's data.
 */
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/** The public site's browser tests, and those that build their own data in the empty school: the second e2e project. */
const PUBLIC_E2E = [
  "a11y",
  "base-url",
  "body-limit",
  "carousel",
  "carousel-states",
  "headers",
  "public-boot",
  "public-results",
  "public-search-early",
  "public-shell",
  "result-card-grade",
  "selection-concurrency",
  "selection-required",
  "state-matrix",
  "print",
  "teacher-selection",
].map((name) => `test/e2e/${name}.test.ts`);

/** A browser-test project over `files` (an include or an exclude list within test/e2e). */
function e2eProject(name: string, opts: { include?: string[]; exclude?: string[]; withEmptyServer?: boolean }): TestProjectInlineConfiguration {
  return {
    // Tests import console modules (dictionaries, storage keys) that reach the worker through @worker/.
    resolve: { tsconfigPaths: true },
    test: {
      name,
      environment: "node",
      include: opts.include ?? ["test/e2e/**/*.test.ts"],
      exclude: opts.exclude ?? [],
      globalSetup: ["./test/e2e/global-setup.ts"],
      provide: { withEmptyServer: opts.withEmptyServer ?? false },
      testTimeout: 60_000,
      hookTimeout: 180_000,
      // Files of one project share its servers' data: one at a time.
      fileParallelism: false,
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; the unit tests mostly wait on imports, so four. Projects
    // whose files go one at a time (workers, e2e, e2e-public) share one queue and run one file at a time between
    // them: run side by side (three processes), the Worker's 4 s database timeout fired under the contention
    // (bench/README.md, "Test suite").
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
      {
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
                FUZZ_RUNS: process.env.FUZZ_RUNS ?? "100",
                FAULTY_LIBSQL_URL: inject<string>("faultyLibsqlUrl"),
                FAULT_CONTROL_URL: inject<string>("faultControlUrl"),
                STALLABLE_LIBSQL_URL: inject<string>("stallableLibsqlUrl"),
                STALL_CONTROL_URL: inject<string>("stallControlUrl"),
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["test/workers/**/*.test.ts"],
          globalSetup: ["./test/workers/global-setup.ts"],
          // Files share one database and some set global state (the single active selection period): one at a time.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      e2eProject("e2e", { exclude: PUBLIC_E2E }),
      e2eProject("e2e-public", { include: PUBLIC_E2E, withEmptyServer: true }),
    ],
  },
});
