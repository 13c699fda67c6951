/**
 * `npm test`: builds the app (the browser tests run against the built Worker), then runs every vitest project in
 * three processes side by side: unit + ops + workers, e2e (the console) and e2e-public (the public site and the
 * empty school). Vitest itself runs every project whose files go one at a time in one queue, one file after
 * another across projects; the browser and API tests mostly wait on Chromium, workerd and sqld, so separate
 * processes overlap that waiting (bench/README.md, "Test suite"). Each line is prefixed with its lane; the exit
 * code is the worst of the three.
 * `npm test -- --project unit` (any arguments) runs one vitest with them instead.
 */
import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
import { ROOT } from "./lib/local-env";

const LANES: Record<string, string[]> = {
  api: ["--project", "unit", "--project", "ops", "--project", "workers"],
  e2e: ["--project", "e2e"],
  public: ["--project", "e2e-public"],
};

const runSync = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit" }).status ?? 1;

/** Runs vitest with `args`, each output line prefixed with `[name]`; resolves to its exit code. */
function lane(name: string, args: string[]): Promise<number> {
  const child = spawn("npx", ["vitest", "run", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => process.stdout.write(`[${name}] ${line}\n`));
  }
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

const extra = process.argv.slice(2);
const needsBuild = !extra.includes("--project") || extra.some((a) => a.startsWith("e2e"));
if (needsBuild && runSync("npx", ["react-router", "build"]) !== 0) process.exit(1);
if (extra.length) process.exit(runSync("npx", ["vitest", "run", ...extra]));

const started = Date.now();
const codes = await Promise.all(Object.entries(LANES).map(async ([name, args]) => [name, await lane(name, args)] as const));
for (const [name, code] of codes) console.log(`[${name}] exit ${code}`);
console.log(`npm test: ${((Date.now() - started) / 1000).toFixed(0)} s after the build`);
process.exit(Math.max(...codes.map(([, code]) => code)));
