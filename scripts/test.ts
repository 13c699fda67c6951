/**
 * `npm test`: builds the app (the browser tests run against the built Worker), runs the unit, ops and e2e projects
 * in one vitest process, then the two API-test projects (`workers`, `workers-2`: vitest.config.ts) as two vitest
 * processes side by side. Vitest gives one project group one worker count, so inside one process the two projects
 * would run one after the other; each has its own sqld, so they can share the machine (bench/README.md, "Test
 * suite": 365 s one after the other, 228 s side by side). It ends with a summary of the failed tests of every
 * process (scripts/lib/test-summary.ts), so the tail of a CI log names them. Exit code: 0 only when all passed.
 *
 * `npm test -- --api` runs only the two API projects; any other arguments go to one vitest process as they are
 * (`npm test -- --project unit`).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { ROOT } from "./lib/local-env";
import { type PhaseResult, summarize } from "./lib/test-summary";

const API_PROJECTS = ["workers", "workers-2"];
const REPORTS = mkdtempSync(join(tmpdir(), "npm-test-"));

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit" }).status ?? 1;

/** Vitest's arguments for one process of the run: its usual output plus a JSON report for the closing summary. */
function reported(label: string, projects: string[]): { args: string[]; report: string } {
  const report = join(REPORTS, `${label}.json`);
  const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p])];
  return { args: [...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], report };
}

/** Runs vitest on one project with every output line prefixed by its name. */
function vitestPrefixed(project: string): Promise<PhaseResult> {
  const { args, report } = reported(project, [project]);
  const child = spawn("npx", args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on("line", (line) => process.stdout.write(`[${project}] ${line}\n`));
  return new Promise((resolve) => child.on("close", (code) => resolve({ label: project, code: code ?? 1, report })));
}

/** Prints the closing summary and returns the run's exit code: 0 only when every process passed. */
function finish(phases: PhaseResult[]): number {
  for (const line of summarize(phases, ROOT)) console.log(line);
  rmSync(REPORTS, { recursive: true, force: true });
  return phases.find((p) => p.code !== 0)?.code ?? 0;
}

async function main(): Promise<number> {
  const extra = process.argv.slice(2);
  if (extra.length === 1 && extra[0] === "--api") return finish(await Promise.all(API_PROJECTS.map(vitestPrefixed)));
  if (extra.length > 0) {
    const needsBuild = !extra.includes("--project") || extra.some((a) => a.startsWith("e2e"));
    if (needsBuild && run("npx", ["react-router", "build"]) !== 0) return 1;
    return run("npx", ["vitest", "run", ...extra]);
  }
  if (run("npx", ["react-router", "build"]) !== 0) return 1;
  const first = reported("unit-ops-e2e", ["unit", "ops", "e2e"]);
  const phase: PhaseResult = { label: "unit, ops, e2e", code: run("npx", first.args), report: first.report };
  return finish([phase, ...(await Promise.all(API_PROJECTS.map(vitestPrefixed)))]);
}

main().then((code) => process.exit(code));
