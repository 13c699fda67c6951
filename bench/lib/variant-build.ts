/**
 * Builds of other commits, side by side, for A/B benchmarks: a variant is a commit of this repository, optionally
 * with some files taken from other commits (`HEAD~2+vite.config.ts@HEAD`: the app at HEAD~2 built with HEAD's
 * Vite config). Each is exported with `git archive` into a temp directory that shares this checkout's
 * node_modules and built there with `react-router build`, so `wrangler dev` run in that directory serves exactly
 * what a deploy of that tree would upload (the same Worker bundle and static assets as `wrangler deploy --dry-run`).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ROOT } from "../../scripts/lib/local-env";

export interface VariantSpec {
  /** Short label used in tables (A, B, …). */
  name: string;
  /** The spec as given, e.g. `HEAD~2+vite.config.ts@HEAD`. */
  spec: string;
  /** The base commit, resolved to a full hash. */
  commit: string;
  /** Files replaced from other commits: path → full hash. */
  overlays: Record<string, string>;
}

export interface VariantBuild extends VariantSpec {
  /** The directory holding the tree and its `build/`; `wrangler dev` runs here. */
  dir: string;
}

const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8", maxBuffer: 64 << 20 });
const resolveRev = (rev: string) => git("rev-parse", "--verify", `${rev}^{commit}`).trim();

/** Parses `NAME=REV[+PATH@REV…]`; throws on an unknown revision. */
export function parseVariant(arg: string): VariantSpec {
  const m = /^([A-Za-z0-9_-]+)=(.+)$/.exec(arg);
  if (!m) throw new Error(`variant "${arg}": expected NAME=REV[+PATH@REV…]`);
  const [base, ...extra] = m[2]!.split("+");
  const overlays: Record<string, string> = {};
  for (const part of extra) {
    const at = part.lastIndexOf("@");
    if (at <= 0) throw new Error(`variant "${arg}": overlay "${part}" must be PATH@REV`);
    overlays[part.slice(0, at)] = resolveRev(part.slice(at + 1));
  }
  return { name: m[1]!, spec: m[2]!, commit: resolveRev(base!), overlays };
}

/** Exports and builds one variant. Throws with the build's output when it fails. */
export function buildVariant(spec: VariantSpec): VariantBuild {
  const dir = mkdtempSync(join(tmpdir(), `school-variant-${spec.name}-`));
  try {
    execFileSync("sh", ["-c", `git archive ${spec.commit} | tar -x -C "${dir}"`], { cwd: ROOT });
    for (const [path, commit] of Object.entries(spec.overlays)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(
        join(dir, path),
        execFileSync("git", ["show", `${commit}:${path}`], { cwd: ROOT, maxBuffer: 64 << 20 }),
      );
    }
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
    const build = spawnSync("npx", ["react-router", "build"], { cwd: dir, encoding: "utf8" });
    if (build.status !== 0)
      throw new Error(`build of ${spec.name} (${spec.spec}) failed:\n${build.stdout}\n${build.stderr}`);
    return { ...spec, dir };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
