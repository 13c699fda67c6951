/**
 * `npm run lint:api`: lints the API document the Worker serves (GET /api/openapi.json, answered by the Worker's own
 * app in this process: no server, no database, no network) with Redocly's recommended rules (redocly.yaml). Fails on
 * an error. `--out FILE` keeps the document. Offline: Redocly's telemetry and update check are off.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { app } from "../worker/app";

const root = resolve(import.meta.dirname, "..");

/** The document exactly as GET /api/openapi.json answers it. */
export async function servedDocument(): Promise<string> {
  // The database is never reached for this route; the URL only satisfies the per-request client setup.
  const env = { LIBSQL_URL: "http://127.0.0.1:9", CORS_ORIGINS: "" };
  const res = await app.request("/api/openapi.json", {}, env as never);
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}: ${await res.text()}`);
  return JSON.stringify(await res.json(), null, 2);
}

const outAt = process.argv.indexOf("--out");
const dir = mkdtempSync(join(tmpdir(), "lint-api-"));
const file = outAt > 0 ? resolve(process.argv[outAt + 1]!) : join(dir, "openapi.json");
try {
  writeFileSync(file, await servedDocument());
  const redocly = join(root, "node_modules", ".bin", "redocly");
  const run = spawnSync(redocly, ["lint", file, "--config", join(root, "redocly.yaml"), "--format=stylish"], {
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_NOTIFICATIONS: "true" },
  });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
