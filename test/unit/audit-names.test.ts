/**
 * The Audit Log names every action and entity the server can log in both languages (docs/product.md#audit-log): read from the audit writes in worker/services, so a new action without a translation fails here.
 * Snapshot fields are checked against the logged rows in test/workers/audit.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import ar from "~/i18n/ar/audit";
import en from "~/i18n/en/audit";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? sources(join(dir, d.name))
      : d.name.endsWith(".ts")
        ? [readFileSync(join(dir, d.name), "utf8")]
        : [],
  );
}

const code = sources("worker/services").join("\n");
/**
 * The text of each audit write (`auditInsert(` / `auditValues(`, or the `audit: {` of a money movement written by the
 * ledger, and what follows it).
 */
const writes = code
  .split(/audit(?:Insert|Values|InsertIfChanged)\(|\baudit: \{/)
  .slice(1)
  .map((w) => w.slice(0, 400))
  .join("\n");
const quoted = (expr: string) => [...expr.matchAll(/"([a-z_]+)"/g)].map((m) => m[1]!);
const actions = new Set([
  ...[...writes.matchAll(/\baction: ([^,}\n]+)/g)].flatMap((m) => quoted(m[1]!)),
  // selection periods pass their action to writePeriod
  ...[...code.matchAll(/writePeriod\([^;]*?"([a-z_]+)"\)/g)].map((m) => m[1]!),
]);
const entities = new Set([...writes.matchAll(/\bentity: "([a-z_]+)"/g)].map((m) => m[1]!));

describe("audit names", () => {
  it("finds the server's actions and entities", () => {
    expect([...actions]).toEqual(expect.arrayContaining(["create", "apply_fee_plan", "add_payment", "toggle"]));
    expect([...entities]).toEqual(expect.arrayContaining(["student", "fee_plan", "school_settings", "result"]));
  });

  it("has an English and an Arabic name for each, the Arabic one without Latin letters", () => {
    for (const [lang, dict] of [
      ["en", en],
      ["ar", ar],
    ] as const) {
      expect(
        [...actions].filter((a) => !(a in dict.actions)),
        `${lang} actions`,
      ).toEqual([]);
      expect(
        [...entities].filter((e) => !(e in dict.entities)),
        `${lang} entities`,
      ).toEqual([]);
    }
    const latin = (o: Record<string, string>) => Object.entries(o).filter(([, v]) => /[A-Za-z]/.test(v));
    expect([...latin(ar.actions), ...latin(ar.entities), ...latin(ar.fields)]).toEqual([]);
  });
});
