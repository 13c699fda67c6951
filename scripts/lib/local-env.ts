/**
 * Local settings for `npm start` and the tests: DATA_DIR (default .data/), PORT (8787), the admin bootstrap
 * credentials, and a per-installation PASSWORD_PEPPER kept in DATA_DIR/pepper (created once, never committed).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Local-only defaults; documented in README.md. Never use them in production. */
export const LOCAL_ADMIN = { username: "admin", password: "admin123" };

export function dataDir(): string {
  return resolve(ROOT, process.env.DATA_DIR ?? ".data");
}

/** The pepper from PASSWORD_PEPPER, else DATA_DIR/pepper (generated on first use, mode 0600). */
export function localPepper(dir = dataDir()): string {
  if (process.env.PASSWORD_PEPPER) return process.env.PASSWORD_PEPPER;
  const file = join(dir, "pepper");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

/** Writes an env file for `wrangler dev --env-file` (keeps secrets out of the process list). */
export function writeWorkerEnvFile(dir: string, vars: Record<string, string>): string {
  const file = join(dir, "worker.env");
  writeFileSync(
    file,
    `${Object.entries(vars)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join("\n")}\n`,
    { mode: 0o600 },
  );
  return file;
}
