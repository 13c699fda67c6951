/**
 * `npm test`: builds the app (the browser tests run against the built Worker), then runs every vitest project in one
 * process: unit, ops, e2e (Chromium), workers (API inside workerd against sqld). Exit code = vitest's.
 * `npm test -- --project unit` passes arguments through to vitest.
 */
import { spawnSync } from "node:child_process";
import { ROOT } from "./lib/local-env";

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit" }).status ?? 1;

const extra = process.argv.slice(2);
const needsBuild = !extra.includes("--project") || extra.some((a) => a.startsWith("e2e"));
if (needsBuild && run("npx", ["react-router", "build"]) !== 0) process.exit(1);
process.exit(run("npx", ["vitest", "run", ...extra]));
