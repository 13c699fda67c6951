/**
 * The zod field for every number the API and the console forms accept (docs/product.md#languages-and-numbers):
 * a JSON number, or text as typed (Arabic-Indic/Persian digits, "٫"), read by `readTypedNumber`, then checked
 * against a range. Each problem has its reason (NUMBER_INVALID, NUMBER_DECIMALS, …, worker/reasons.ts) naming the
 * field, so the console phrases it in the admin's language; a field may replace any of them with its own reason.
 */
import { z } from "zod";
import { readTypedNumber, type TypedNumberProblem, type TypedNumberRules } from "../lib/typed-number";
import { reason, type Field } from "../reasons";

export type NumberFieldProblem = Exclude<TypedNumberProblem, "empty" | "tooLarge"> | "required" | "min" | "max";

export interface NumberFieldOptions extends TypedNumberRules {
  /** Smallest accepted value (inclusive). */
  min: number;
  /** Largest accepted value (inclusive). */
  max: number;
  /** Replacement messages (`reason()` texts), e.g. one reason for every failure of a range field. */
  messages?: Partial<Record<NumberFieldProblem, string>>;
}

/** The `reason()` message of each problem of `field`, e.g. `.decimals` → NUMBER_DECIMALS with the field and 2. */
export function numberFieldMessages(field: Field, o: NumberFieldOptions): Record<NumberFieldProblem, string> {
  return {
    required: reason("REQUIRED", { field }),
    invalid: reason("NUMBER_INVALID", { field }),
    negative: reason("NUMBER_NEGATIVE", { field }),
    decimals:
      o.decimals === 0
        ? reason("NUMBER_WHOLE", { field })
        : reason("NUMBER_DECIMALS", { field, decimals: o.decimals ?? 0 }),
    min: reason("NUMBER_MIN", { field, min: o.min }),
    max: reason("NUMBER_MAX", { field, max: o.max }),
    ...o.messages,
  };
}

/**
 * A required number in [min, max] with at most `decimals` decimals; "", null and undefined are "required"
 * (chain `.optional()` / `.default()` for optional fields). Output: the number (45.5), never the text.
 */
export function numberField(field: Field, options: NumberFieldOptions) {
  const m = numberFieldMessages(field, options);
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
