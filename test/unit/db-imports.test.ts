/**
 * db/ (schema and migrations) imports nothing from worker/: the Worker depends on the schema, never the other way
 * round. Pure code both need lives in common/. The checker is tried on planted sources first.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const WORKER = join(ROOT, "worker");

/** Specifiers of `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")` in `src`, comments left out. */
function specifiers(src: string): string[] {
  const code = src.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/(^|\s)\/\/.*$/gm, "$1");
  const found = code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'`]([^"'`]+)["'`]/g);
  return [...found].map((m) => m[1]!);
}

/** The specifiers of the file at `path` (for resolving relative ones) that reach worker/. */
function workerImports(path: string, src: string): string[] {
  return specifiers(src).filter((s) => {
    if (s.startsWith("@worker/")) return true;
    if (!s.startsWith(".")) return false;
    const target = resolve(dirname(path), s);
    return target === WORKER || target.startsWith(`${WORKER}/`);
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(name) ? [path] : [];
  });
}

describe("the worker-import checker", () => {
  const at = join(ROOT, "db/schema/x.ts");
  it.each([
    ["a named import", 'import { newToken } from "../../worker/lib/tokens";'],
    ["a type import", 'import type { Env } from "../../worker/env";'],
    ["a re-export", 'export { STAFF_ROLES } from "../../worker/permissions";'],
    ["a dynamic import", 'const m = await import("../../worker/services/password");'],
    ["a side-effect import", 'import "../../worker/polyfill";'],
    ["the alias", 'import { can } from "@worker/permissions";'],
  ])("catches %s", (_, src) => {
    expect(workerImports(at, src)).not.toEqual([]);
  });

  it.each([
    ["common/", 'import { newToken } from "../../common/new-token";'],
    ["a sibling", 'import { nowIso } from "./_common";'],
    ["a package", 'import { sql } from "drizzle-orm";'],
    ["a comment", '// from "../../worker/lib/tokens"\n/* import "../../worker/x"; */ const x = 1;'],
  ])("lets %s pass", (_, src) => {
    expect(workerImports(at, src)).toEqual([]);
  });
});

describe("db/ stands alone", () => {
  it("no file of db/ imports from worker/", () => {
    const files = sourceFiles(join(ROOT, "db"));
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((f) =>
      workerImports(f, readFileSync(f, "utf8")).map((s) => `${relative(ROOT, f)}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});
