/**
 * Every reason the API can give for refusing a request (docs/product.md#api-errors): a stable machine-readable
 * name, the contract's error `code` it is answered with, and its English text. The console never reads the English:
 * it looks the reason up in its dictionaries (web/i18n/{ar,en}/errors.ts), so rewording a text here changes no
 * translation. Dependency-free: the shared zod schemas and the console import it.
 *
 * Texts may hold `{param}` placeholders. `{field}` names a field through `FIELDS` (English label here, `errors.fields`
 * in the dictionaries); other params are numbers or words given where the reason is raised.
 *
 * A zod schema names its reason through `reason()` as its message, e.g. `z.string().min(1, reason("REQUIRED",
 * { field: "name" }))`; the validation hook (worker/validate.ts) turns it into the English text and an `issues`
 * entry with the reason, and the console's forms turn it into the admin's language (web/lib/reason-text.ts).
 */

/** The contract's error codes (one HTTP status each, worker/errors.ts). */
export type ErrorCode =
  | "VALIDATION_FAILED"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "UNPROCESSABLE"
  | "PAYLOAD_TOO_LARGE"
  | "RATE_LIMITED"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL";

type Entry = readonly [ErrorCode, string];

export const REASONS = {
  // General
  INVALID_INPUT: ["VALIDATION_FAILED", "Invalid input"],
  MALFORMED_JSON: ["VALIDATION_FAILED", "Malformed JSON in request body"],
  AUTH_REQUIRED: ["UNAUTHORIZED", "Authentication required"],
  SESSION_EXPIRED: ["UNAUTHORIZED", "Session expired or invalid. Please login again."],
  FORBIDDEN: ["FORBIDDEN", "Forbidden"],
  ROUTE_NOT_FOUND: ["NOT_FOUND", "API route not found"],
  NOT_FOUND: ["NOT_FOUND", "Not found"],
  CONFLICT: ["CONFLICT", "The change conflicts with existing data"],
  UNPROCESSABLE: ["UNPROCESSABLE", "The request cannot be processed"],
  PAYLOAD_TOO_LARGE: ["PAYLOAD_TOO_LARGE", "Request body is too large"],
  RATE_LIMITED: ["RATE_LIMITED", "Too many requests. Please wait a minute and try again."],
  SERVICE_UNAVAILABLE: ["SERVICE_UNAVAILABLE", "The service is temporarily unavailable. Please try again shortly."],
  DATABASE_UNAVAILABLE: ["SERVICE_UNAVAILABLE", "Database unavailable"],
  INTERNAL: ["INTERNAL", "Internal server error"],

  // Any field
  REQUIRED: ["VALIDATION_FAILED", "{field} is required"],
  TOO_LONG: ["VALIDATION_FAILED", "{field} must be at most {max} characters"],
  UNKNOWN_VALUE: ["VALIDATION_FAILED", "Unknown {field}"],
  NOT_BOOLEAN: ["VALIDATION_FAILED", "{field} must be true or false"],
  NUMBER_INVALID: ["VALIDATION_FAILED", "{field} must be a number"],
  NUMBER_NEGATIVE: ["VALIDATION_FAILED", "{field} cannot be negative"],
  NUMBER_WHOLE: ["VALIDATION_FAILED", "{field} must be a whole number"],
  NUMBER_DECIMALS: ["VALIDATION_FAILED", "{field} can have at most {decimals} decimal places"],
  NUMBER_MIN: ["VALIDATION_FAILED", "{field} must be at least {min}"],
  NUMBER_MAX: ["VALIDATION_FAILED", "{field} must be at most {max}"],
  WHOLE_BETWEEN: ["VALIDATION_FAILED", "{field} must be a whole number between {min} and {max}"],
  AMOUNT_TOO_LARGE: ["VALIDATION_FAILED", "{field} cannot exceed 10,000,000 EGP"],

  // Lists
  PAGE_INVALID: ["VALIDATION_FAILED", "page must be a whole number from 1"],
  PAGE_TOO_LARGE: ["VALIDATION_FAILED", "page is too large"],
  LIMIT_INVALID: ["VALIDATION_FAILED", "limit must be one of 15, 20, 30, 50"],
  SORT_ORDER_INVALID: ["VALIDATION_FAILED", "sortOrder must be asc or desc"],
  SORT_BY_INVALID: ["VALIDATION_FAILED", "sortBy must be one of {fields}"],
  SEARCH_TOO_LONG: ["VALIDATION_FAILED", "Search must be at most 100 characters"],

  // Students
  STUDENT_NO_REQUIRED: ["VALIDATION_FAILED", "ID is required"],
  STUDENT_NO_FORMAT: ["VALIDATION_FAILED", "ID must be a 14-digit national ID or a passport number (5-20 letters and digits)"],
  STUDENT_ID_INVALID: ["VALIDATION_FAILED", "Invalid student id"],
  GRADE_REQUIRED: ["VALIDATION_FAILED", "Grade is required"],
  GRADE_UNKNOWN: ["VALIDATION_FAILED", "Unknown grade"],
  BUILDING_REQUIRED: ["VALIDATION_FAILED", "Building is required"],
  BUILDING_RANGE: ["VALIDATION_FAILED", "Building must be between 1 and 6"],
  GENDER_INVALID: ["VALIDATION_FAILED", "Gender must be male or female"],
  STUDENT_NOT_FOUND: ["NOT_FOUND", "Student not found"],
  STUDENT_DUPLICATE: ["CONFLICT", "A student with this ID already exists"],
  STUDENT_HAS_HISTORY: ["CONFLICT", "This student has payment/result history and cannot be deleted. Mark the student inactive instead."],

  // Auth
  INVALID_CREDENTIALS: ["UNAUTHORIZED", "Invalid username or password"],
  PASSWORD_REQUIRED: ["VALIDATION_FAILED", "Password is required"],
  LOGIN_LOCKED: ["RATE_LIMITED", "Too many failed login attempts. Please try again later."],
  PASSWORD_FIELDS_REQUIRED: ["VALIDATION_FAILED", "All fields are required"],
  PASSWORD_MISMATCH: ["VALIDATION_FAILED", "New password and confirm password do not match"],
  PASSWORD_TOO_SHORT: ["VALIDATION_FAILED", "New password must be at least {min} characters long"],
  PASSWORD_SAME_AS_OLD: ["VALIDATION_FAILED", "New password must be different from current password"],
  PASSWORD_INCORRECT: ["VALIDATION_FAILED", "Current password is incorrect"],
  PASSWORD_CHANGE_LOCKED: ["RATE_LIMITED", "Too many wrong current passwords. Please try again later."],

  // Fees and payments
  PAYMENT_AMOUNT_INVALID: ["VALIDATION_FAILED", "Please enter a valid payment amount"],

  // Results
  MARKS_REQUIRED: ["VALIDATION_FAILED", "Marks are required"],

  // News

  // Course selection (admin)

  // Teacher selection (public)

  // Audit log
  AUDIT_DATE_INVALID: ["VALIDATION_FAILED", "{field} must be a date (YYYY-MM-DD)"],
} as const satisfies Record<string, Entry>;

export type Reason = keyof typeof REASONS;

/** English labels of the fields that generic reasons (`{field}`) name. */
export const FIELDS = {
  // Students
  name: "Name",
  nationality: "Nationality",
  religion: "Religion",
  is_active: "is_active",
  grade: "grade",
  gender: "gender",
  status: "status",
  building: "building",
  page: "page",

  // Auth
  username: "Username",
  password: "Password",

  // Fees and payments
  total_amount: "Total amount",
  paid_amount: "Paid amount",
  payment_amount: "Payment amount",

  // Results
  marks: "Marks",
  total: "Total",

  // News

  // Course selection (admin)
  max_selections: "Max selections",
  capacity_1: "Session 1 capacity",
  capacity_2: "Session 2 capacity",
  max_subjects: "Max subjects",

  // Teacher selection (public)

  // Audit log
  entity: "entity",
  entity_id: "entity_id",
  admin: "admin",
  from: "from",
  to: "to",
  limit: "limit",
} as const satisfies Record<string, string>;

export type Field = keyof typeof FIELDS;

/** Parameters of a reason: a field name and numbers or words for its placeholders. */
export type ReasonParams = { field?: Field } & Record<string, string | number>;

/** The error code a reason is answered with. */
export const codeOf = (reason: Reason): ErrorCode => REASONS[reason][0];

/** True when `value` names a reason of the catalogue. */
export const isReason = (value: unknown): value is Reason => typeof value === "string" && Object.hasOwn(REASONS, value);

/**
 * A reason as a zod message: `"REASON"` or `"REASON|key=value|…"` (values without `|` or `=`). The validation hook
 * and the console's forms read it back with `parseReason`.
 */
export function reason(name: Reason, params?: ReasonParams): string {
  const parts = Object.entries(params ?? {}).map(([k, v]) => `${k}=${String(v)}`);
  return [name, ...parts].join("|");
}

/** The reason and params of a `reason()` message; null for any other text (e.g. zod's own messages). */
export function parseReason(message: string | undefined): { reason: Reason; params: ReasonParams } | null {
  if (!message) return null;
  const [name, ...parts] = message.split("|");
  if (!isReason(name)) return null;
  const params: Record<string, string | number> = {};
  for (const part of parts) {
    const i = part.indexOf("=");
    if (i <= 0) return null;
    const raw = part.slice(i + 1);
    params[part.slice(0, i)] = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  }
  return { reason: name, params: params as ReasonParams };
}

/** The English text of a reason with its params filled in (`{field}` through `FIELDS`). */
export function englishOf(name: Reason, params: ReasonParams = {}): string {
  return REASONS[name][1].replace(/\{(\w+)\}/g, (whole, key: string) => {
    const v = (params as Record<string, string | number | undefined>)[key];
    if (v === undefined) return whole;
    if (key === "field") return (FIELDS as Record<string, string>)[String(v)] ?? String(v);
    return String(v);
  });
}
