-- Refunds and voids of one online payment never take back more than its payment brought in
-- (docs/product.md#online-payments): the sum of an order's refund rows stays within its recorded payment, checked by
-- the write itself, so replays at once under altered ids cannot add up to more. drizzle-kit does not model triggers;
-- the message is read by worker/db-constraints.ts by name.
CREATE TRIGGER `paymob_refund_cap`
BEFORE INSERT ON `paymob_transactions`
WHEN NEW.`kind` = 'refund'
  AND NEW.`amount_piastres` + (
    SELECT coalesce(sum(r.`amount_piastres`), 0) FROM `paymob_transactions` AS r
    WHERE r.`online_payment_id` = NEW.`online_payment_id` AND r.`kind` = 'refund'
  ) > (
    SELECT coalesce(sum(p.`amount_piastres`), 0) FROM `paymob_transactions` AS p
    WHERE p.`online_payment_id` = NEW.`online_payment_id` AND p.`kind` = 'payment'
  )
BEGIN
  SELECT RAISE(ABORT, 'TRIGGER constraint failed: paymob_refund_cap');
END;
