/**
 * Four vitest projects (docs/decisions/0003-testing.md):
 * - unit: plain Node tests;
 * - ops: backup/restore drill and other operations scripts against a real sqld;
 * - workers: API tests inside workerd (@cloudflare/vitest-plugin) against a real sqld started by a global setup;
 * - e2e: playwright-core + Debian Chromium against the built Worker served by `wrangler dev`.
 */
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
      {
        // The state matrix reads the console's dictionaries, which import the worker through the one alias (@worker/).
        resolve: { tsconfigPaths: true },
        test: {
          name: "e2e",
          environment: "node",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["./test/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
