/**
 * The value lists of the tables' enumerated columns, without the tables: the API contracts and the console's pages
 * import these, and a table definition would bring the database library into the browser. Each table file re-exports
 * its own.
 */

/** A message's kind, status and channel (docs/product.md#guardians-and-messages). */
export const MESSAGE_KINDS = [
  "instalment_due",
  "instalment_overdue",
  "payment_received",
  "results_published",
  "selection_opened",
  "sign_in_code",
  "family_invite",
] as const;
export const MESSAGE_STATUSES = ["queued", "sent", "delivered", "read", "failed"] as const;
export const MESSAGE_CHANNELS = ["whatsapp", "sms"] as const;

/** A guardian's relation to the student, and the language messages to the number are written in. */
export const GUARDIAN_RELATIONS = ["father", "mother", "guardian"] as const;
export const GUARDIAN_LANGUAGES = ["ar", "en"] as const;

/**
 * Why an online refund could not be recorded (docs/product.md#online-payments): `beyond_payment` the refunds would add
 * up to more than the order's recorded payment brought in (or none was recorded); `accounts_short` the accounts the
 * payment paid no longer hold what it takes back (the office took the money back or lowered a fee meanwhile).
 */
export const UNRECORDED_REFUND_REASONS = ["beyond_payment", "accounts_short"] as const;
