/**
 * zod validation for every input (`json`, `query`, `param`, `header`) through @hono/zod-validator, failing with
 * the contract's error shape: 400 VALIDATION_FAILED, `message` = the first issue's text, `issues` = all of them.
 */
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { ApiError } from "./errors";

export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      // zod's generic texts ("Invalid input: expected string…") name no field; prefix the path so the reader knows which.
      const issues = result.error.issues.map((i) => {
        const path = i.path.join(".");
        return { path, message: path && /^Invalid/.test(i.message) ? `${path}: ${i.message}` : i.message };
      });
      throw new ApiError("VALIDATION_FAILED", issues[0]?.message ?? "Invalid request", { issues });
    }
  });
}
