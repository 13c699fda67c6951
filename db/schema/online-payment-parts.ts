/**
 * The parts of an online payment a family started for several children at once (docs/product.md#family-accounts,
 * docs/decisions/0045-family-payment-parts.md): one row per child with the amount the server chose for that child
 * (piastres). The checkout's total (`online_payments.amount_piastres`) is the sum of its parts. A verified success
 * fixes, per part, what the child's accounts still owed at that moment (`applied_piastres`, the rest is the part's
 * `credit_piastres`, to refund) and names the child's receipt (`payment_id`: the first row of its receipt group).
 * A payment started on the public /pay page has no parts and is recorded on its one student as before.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, uniqueIndex } from "drizzle-orm/sqlite-core";
import { onlinePayments } from "./online-payments";
import { payments } from "./payments";
import { students } from "./students";

export const onlinePaymentParts = sqliteTable(
  "online_payment_parts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    onlinePaymentId: integer("online_payment_id")
      .notNull()
      .references(() => onlinePayments.id, { onDelete: "restrict" }),
    /** The order of the children on the checkout (1, 2, …). */
    position: integer("position").notNull(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "restrict" }),
    /** What the family chose for this child (piastres, > 0). */
    amountPiastres: integer("amount_piastres").notNull(),
    /** Null until paid: what landed on the child's accounts (piastres). */
    appliedPiastres: integer("applied_piastres"),
    /** What the child's accounts no longer owed when the success arrived (piastres, to refund). */
    creditPiastres: integer("credit_piastres").notNull().default(0),
    /** The child's receipt: the first payment row of its receipt group; null until paid or when all was credit. */
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "restrict" }),
  },
  (t) => [
    check("online_payment_parts_amount_chk", sql`${t.amountPiastres} > 0`),
    check(
      "online_payment_parts_split_chk",
      sql`${t.appliedPiastres} IS NULL OR (${t.appliedPiastres} >= 0 AND ${t.appliedPiastres} + ${t.creditPiastres} = ${t.amountPiastres})`,
    ),
    uniqueIndex("online_payment_parts_child_uq").on(t.onlinePaymentId, t.studentId),
    uniqueIndex("online_payment_parts_position_uq").on(t.onlinePaymentId, t.position),
    index("online_payment_parts_student_idx").on(t.studentId),
  ],
);
