/**
 * The closing lines of `npm test`: which vitest process failed and, from each process's JSON report, the tests that
 * failed with the first line of their error. The API projects run last and side by side, so without this a failure
 * in the browser tests scrolls far above the end of the output, and a CI log that keeps only its tail loses it.
 */
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";

/** One vitest process of the run: its label, exit code and the JSON report it was asked to write. */
export interface PhaseResult {
  label: string;
  code: number;
  report: string;
}

interface JsonAssertion {
  fullName: string;
  status: string;
  failureMessages?: string[];
}

interface JsonFile {
  name: string;
  status: string;
  message?: string;
  assertionResults?: JsonAssertion[];
}

const firstLine = (text: string | undefined) =>
  (text ?? "")
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l.length > 0)
    ?.slice(0, 300) ?? "";

/** The failed tests (and files that failed outside any test) listed in one vitest JSON report, one line each. */
export function failuresInReport(json: string, root: string): string[] {
  const files = (JSON.parse(json) as { testResults?: JsonFile[] }).testResults ?? [];
  const lines: string[] = [];
  for (const file of files) {
    const path = relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const test of failed) lines.push(`${path} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === "failed") lines.push(`${path}: ${firstLine(file.message)}`);
  }
  return lines;
}

/** The summary printed last: one line per process, then each failure; empty lines array when all passed. */
export function summarize(phases: PhaseResult[], root: string): string[] {
  const out = ["", "npm test summary:"];
  for (const phase of phases) {
    out.push(`  ${phase.label}: ${phase.code === 0 ? "passed" : `FAILED (exit ${phase.code})`}`);
    if (phase.code === 0) continue;
    if (!existsSync(phase.report)) {
      out.push("    (no report: the process ended before vitest wrote one)");
      continue;
    }
    const failures = failuresInReport(readFileSync(phase.report, "utf8"), root);
    if (failures.length === 0) out.push("    (no failed test in the report: see the errors above)");
    for (const line of failures) out.push(`    ${line}`);
  }
  return out;
}
