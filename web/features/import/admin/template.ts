/**
 * The rows of an import template (docs/product.md#bulk-import): bilingual headers, a max-score row for results, and
 * one example row. Examples that depend on the school come from its own data: the teachers template's subject is
 * one of the school's active subjects (an Arabic school names them in Arabic), never a fixed "Mathematics". Pure.
 */
import type { ImportKind } from "@worker/contracts/import";
import { templateColumns, templateHeader } from "./columns";

/** The example subject of the teachers template: the first active subject by name, "" when there is none. */
export function exampleSubject(subjects: readonly { name: string; is_active: boolean }[]): string {
  const active = subjects.filter((s) => s.is_active).map((s) => s.name);
  return active.sort((a, b) => a.localeCompare(b, "ar"))[0] ?? "";
}

/** Header, (results) max-score row and example row; `examples` (target → value) replace the fixed examples. */
export function templateRows(
  kind: ImportKind,
  format: "xlsx" | "csv",
  examples: Readonly<Record<string, string | number>> = {},
): unknown[][] {
  const columns = templateColumns(kind);
  const rows: unknown[][] = [columns.map(templateHeader)];
  if (kind === "results")
    rows.push(
      columns.map((c, i) =>
        i === 1
          ? "الدرجة العظمى / Max score"
          : c.target.startsWith("score:")
            ? c.target === "score:Mathematics"
              ? 50
              : 100
            : "",
      ),
    );
  rows.push(
    columns.map((c) => {
      const example = examples[c.target] ?? c.example;
      return typeof example === "string" ? example.replace(/^\t/, format === "csv" ? "\t" : "") : example;
    }),
  );
  return rows;
}
