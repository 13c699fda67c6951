/**
 * Figures, targets and the results file. A benchmark returns a `BenchResult`: its figures (some with a target),
 * `errors` (correctness failures: unexpected statuses, oversold seats, missing events — these fail the run, timing
 * never does) and free-form `details` kept in bench/results/latest.json.
 */
import { cpus, loadavg, totalmem } from "node:os";

export interface Target {
  op: "<=" | ">=" | "==";
  value: number;
}

export interface Figure {
  label: string;
  value: number | null;
  unit: string;
  target?: Target;
}

export interface BenchResult {
  name: string;
  figures: Figure[];
  errors: string[];
  details: Record<string, unknown>;
  seconds: number;
}

/** A figure; `target` like `{ op: "<=", value: 150 }` in the figure's unit. */
export function fig(label: string, value: number | null, unit: string, target?: Target): Figure {
  return { label, value, unit, ...(target ? { target } : {}) };
}

/** PASS/FAIL of a figure against its target; "" when it has none, FAIL when it could not be measured. */
export function verdict(f: Figure): "" | "PASS" | "FAIL" {
  if (!f.target) return "";
  if (f.value === null || !Number.isFinite(f.value)) return "FAIL";
  const { op, value } = f.target;
  const ok = op === "<=" ? f.value <= value : op === ">=" ? f.value >= value : f.value === value;
  return ok ? "PASS" : "FAIL";
}

const num = (v: number | null, unit: string) => {
  if (v === null || !Number.isFinite(v)) return "n/a";
  const digits = Math.abs(v) >= 100 || Number.isInteger(v) ? 0 : Math.abs(v) >= 10 ? 1 : v < 1 && unit !== "ms" ? 3 : 2;
  return `${v.toFixed(digits)}${unit ? ` ${unit}` : ""}`;
};

/** The results as a plain-text table: benchmark, figure, value, target, PASS/FAIL. */
export function table(results: BenchResult[]): string {
  const rows: string[][] = [["Benchmark", "Figure", "Measured", "Target", ""]];
  for (const r of results) {
    for (const f of r.figures) {
      rows.push([
        r.name,
        f.label,
        num(f.value, f.unit),
        f.target ? `${f.target.op} ${num(f.target.value, f.unit)}` : "",
        verdict(f),
      ]);
    }
    for (const e of r.errors) rows.push([r.name, "ERROR", e.slice(0, 100), "", "FAIL"]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(rows[0]!), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

/** The machine the run happened on (the figures only mean something next to it). */
export function machineInfo() {
  const cpu = cpus();
  return {
    cpuModel: cpu[0]?.model ?? "unknown",
    cores: cpu.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage1m: Number(loadavg()[0]!.toFixed(2)),
    date: new Date().toISOString(),
  };
}
