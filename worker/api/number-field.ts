/**
 * The zod field for every number the API and the console forms accept (docs/product.md#languages-and-numbers):
 * a JSON number, or text as typed (Arabic-Indic/Persian digits, "٫"), read by `readTypedNumber`, then checked
 * against a range. Its English messages follow one pattern per problem so the console translates them in one
 * place (web/lib/number-messages.ts); a field may replace any of them.
 */
import { z } from "zod";
import { readTypedNumber, type TypedNumberProblem, type TypedNumberRules } from "../lib/typed-number";

export type NumberFieldProblem = Exclude<TypedNumberProblem, "empty" | "tooLarge"> | "required" | "min" | "max";

export interface NumberFieldOptions extends TypedNumberRules {
  /** Smallest accepted value (inclusive). */
  min: number;
  /** Largest accepted value (inclusive). */
  max: number;
  /** Replacement messages, e.g. one text for every failure of a range field. */
  messages?: Partial<Record<NumberFieldProblem, string>>;
}

/** Texts of the default messages: `numberFieldMessages("Marks", …).decimals` → "Marks can have at most 2 decimal places". */
export function numberFieldMessages(label: string, o: NumberFieldOptions): Record<NumberFieldProblem, string> {
  return {
    required: `${label} is required`,
    invalid: `${label} must be a number`,
    negative: `${label} cannot be negative`,
    decimals: o.decimals === 0 ? `${label} must be a whole number` : `${label} can have at most ${o.decimals} decimal places`,
    min: `${label} must be at least ${o.min}`,
    max: `${label} must be at most ${o.max}`,
    ...o.messages,
  };
}

/**
 * A required number in [min, max] with at most `decimals` decimals; "", null and undefined are "required"
 * (chain `.optional()` / `.default()` for optional fields). Output: the number (45.5), never the text.
 */
export function numberField(label: string, options: NumberFieldOptions) {
  const m = numberFieldMessages(label, options);
  return z.preprocess(
    (input, ctx) => {
      const r = readTypedNumber(input, options);
      if (r.ok) return r.value;
      if (r.problem === "empty") return undefined;
      ctx.addIssue({ code: "custom", message: r.problem === "tooLarge" ? m.max : m[r.problem], input });
      return input;
    },
    z.number({ error: m.required }).min(options.min, m.min).max(options.max, m.max),
  );
}
