/**
 * `npm test`: builds the app (the browser tests run against the built Worker), runs the unit, ops and e2e projects
 * in one vitest process, then the two API-test projects (`workers`, `workers-2`: vitest.config.ts) as two vitest
 * processes side by side. Vitest gives one project group one worker count, so inside one process the two projects
 * would run one after the other; each has its own sqld, so they can share the machine (bench/README.md, "Test
 * suite": 365 s one after the other, 228 s side by side). Exit code: 0 only when every process passed.
 *
 * `npm test -- --api` runs only the two API projects; any other arguments go to one vitest process as they are
 * (`npm test -- --project unit`).
 */
import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
import { ROOT } from "./lib/local-env";

const API_PROJECTS = ["workers", "workers-2"];

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit" }).status ?? 1;

/** Runs vitest on one project with every output line prefixed by its name; resolves with the exit code. */
function vitestPrefixed(project: string): Promise<number> {
  const child = spawn("npx", ["vitest", "run", "--project", project], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on("line", (line) => process.stdout.write(`[${project}] ${line}\n`));
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

async function apiProjects(): Promise<number> {
  const codes = await Promise.all(API_PROJECTS.map(vitestPrefixed));
  return codes.find((c) => c !== 0) ?? 0;
}

async function main(): Promise<number> {
  const extra = process.argv.slice(2);
  if (extra.length === 1 && extra[0] === "--api") return apiProjects();
  if (extra.length > 0) {
    const needsBuild = !extra.includes("--project") || extra.some((a) => a.startsWith("e2e"));
    if (needsBuild && run("npx", ["react-router", "build"]) !== 0) return 1;
    return run("npx", ["vitest", "run", ...extra]);
  }
  if (run("npx", ["react-router", "build"]) !== 0) return 1;
  const first = run("npx", ["vitest", "run", "--project", "unit", "--project", "ops", "--project", "e2e"]);
  const api = await apiProjects();
  return first !== 0 ? first : api;
}

main().then((code) => process.exit(code));
