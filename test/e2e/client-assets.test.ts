/**
 * The built browser code (build/client/assets, which the browser tests run against) carries no database library: the
 * pages import the tables' value lists from db/schema/enums.ts, never a table (docs/decisions/0051).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ASSETS = join(process.cwd(), "build/client/assets");

describe("browser code", () => {
  it("has no drizzle in any script", () => {
    const scripts = readdirSync(ASSETS).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(10);
    const carrying = scripts.filter((f) => readFileSync(join(ASSETS, f), "utf8").includes("drizzle:entityKind"));
    expect(carrying).toEqual([]);
  });
});
