/**
 * The built browser code (build/client/assets, which the browser tests run against) carries what its pages run and
 * not the Worker's libraries (docs/decisions/0051): no script has the database library (pages import the tables'
 * value lists from db/schema/enums.ts, never a table), and the console's list pages load no phone metadata (their
 * contracts page lists with worker/contracts/list-params.ts, not the students' contract and its guardians).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const CLIENT = join(process.cwd(), "build/client");
const ASSETS = join(CLIENT, "assets");
const PHONE_METADATA = "country_calling_codes";

/** React Router's manifest: each route's module and the modules it preloads. */
function manifest(): Record<string, { module: string; imports?: string[] }> {
  const file = readdirSync(ASSETS).find((f) => f.startsWith("manifest-") && f.endsWith(".js"));
  const text = readFileSync(join(ASSETS, file!), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)).routes;
}

describe("browser code", () => {
  it("has no drizzle in any script", () => {
    const scripts = readdirSync(ASSETS).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(10);
    const carrying = scripts.filter((f) => readFileSync(join(ASSETS, f), "utf8").includes("drizzle:entityKind"));
    expect(carrying).toEqual([]);
  });

  it("loads the phone metadata on no console list page that does not read phone numbers", () => {
    const routes = manifest();
    const pages = ["dashboard", "reports", "fees", "fee-plans", "online-payments", "news", "messages", "audit-log"];
    pages.push("rollover", "results", "staff", "academic-years");
    for (const page of pages) {
      const route = routes[`routes/admin/${page}`];
      expect(route, page).toBeDefined();
      const files = [route!.module, ...(route!.imports ?? [])];
      const carrying = files.filter((f) => readFileSync(join(CLIENT, f), "utf8").includes(PHONE_METADATA));
      expect(carrying, page).toEqual([]);
    }
  });
});
