/**
 * English texts of the API's reasons: the server's own catalogue (worker/reasons.ts), with its `{param}` placeholders
 * in i18next's `{{param}}` form, so the console and the API say the same thing in English.
 */
import { FIELDS, REASONS, type Reason } from "@worker/reasons";

const texts = Object.fromEntries(
  Object.entries(REASONS).map(([reason, [, text]]) => [reason, text.replace(/\{(\w+)\}/g, "{{$1}}")]),
) as Record<Reason, string>;

export default { ...texts, fields: FIELDS };
