/**
 * zod validation of every input (`json`, `query`, `param`, `header`), failing with the API's one error shape
 * (docs/product.md#api-errors): 400 VALIDATION_FAILED with the first issue's `reason` and text, and `issues` = all of
 * them as `{path, reason, params?, message}`. A schema names its reasons with `reason()` (worker/reasons.ts); zod's own
 * texts ("Invalid input: expected string…") come as INVALID_INPUT with the path in front, since they name no field.
 */
import type { ZodError } from "zod";
import { ApiError } from "./errors";
import { englishOf, parseReason, type Reason, type ReasonParams } from "./reasons";

/** One refused part of a request. */
export interface Issue {
  path: string;
  reason: Reason;
  params?: ReasonParams;
  message: string;
}

/** The issues of a zod error as the API reports them. */
export function issuesOf(error: Pick<ZodError, "issues">): Issue[] {
  return error.issues.map((i) => {
    const path = i.path.join(".");
    const named = parseReason(i.message);
    if (named) {
      const params = Object.keys(named.params).length ? named.params : undefined;
      return {
        path,
        reason: named.reason,
        ...(params ? { params } : {}),
        message: englishOf(named.reason, named.params),
      };
    }
    return {
      path,
      reason: "INVALID_INPUT" as const,
      message: path && /^Invalid/.test(i.message) ? `${path}: ${i.message}` : i.message,
    };
  });
}

/** The 400 of a failed validation: the first issue's reason and text, every issue in `issues`. */
export function invalidInput(error: Pick<ZodError, "issues">): ApiError {
  const issues = issuesOf(error);
  const first = issues[0] ?? { reason: "INVALID_INPUT" as const, message: englishOf("INVALID_INPUT") };
  return new ApiError(first.reason, { params: first.params, message: first.message, extra: { issues } });
}

/** The hook of every validator (and of the OpenAPI routes, worker/openapi.ts): throws `invalidInput` on failure. */
export function validationHook(result: { success: true } | { success: false; error: ZodError }): void {
  if (!result.success) throw invalidInput(result.error);
}
