import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { failuresInReport, summarize } from "../../scripts/lib/test-summary";

// A report written by vitest 5's JSON reporter: one file with a failed and a passed test, one that threw on import.
const REPORT = readFileSync(new URL("./fixtures/vitest-report.json", import.meta.url), "utf8");

describe("npm test's closing summary", () => {
  test("names each failed test with its error's first line, and a file that failed outside any test", () => {
    expect(failuresInReport(REPORT, "/ROOT")).toEqual([
      "a.test.ts > group fails: AssertionError: expected 1 to be 2 // Object.is equality",
      "b.test.ts: boom at import",
    ]);
  });

  test("says which process failed, and when there is no report to read", () => {
    const dir = mkdtempSync(join(tmpdir(), "summary-"));
    writeFileSync(join(dir, "e2e.json"), REPORT);
    const lines = summarize(
      [
        { label: "unit, ops, e2e", code: 1, report: join(dir, "e2e.json") },
        { label: "workers", code: 0, report: join(dir, "missing.json") },
        { label: "workers-2", code: 137, report: join(dir, "missing.json") },
      ],
      "/ROOT",
    );
    expect(lines.slice(1)).toEqual([
      "npm test summary:",
      "  unit, ops, e2e: FAILED (exit 1)",
      "    a.test.ts > group fails: AssertionError: expected 1 to be 2 // Object.is equality",
      "    b.test.ts: boom at import",
      "  workers: passed",
      "  workers-2: FAILED (exit 137)",
      "    (no report: the process ended before vitest wrote one)",
    ]);
  });
});
