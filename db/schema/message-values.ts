/**
 * The values a message's kind, status and channel take (docs/product.md#guardians-and-messages), without the table:
 * the console's pages import these, and a table definition would bring the database library into the browser.
 */
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
