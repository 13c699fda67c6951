-- paymob_refund_cap (0019) guards what the ledger records from Paymob's reports. A refund the office settled by hand
-- (source 'office', worker/services/online-payments/unrecorded-refunds.ts) is Paymob's money already given back, kept
-- so that a later report of it adds nothing; it may be beyond the payment (that is why it could not be recorded), so
-- the cap leaves it out. The same refund reported again is left to the UNIQUE (transaction_id, kind) key, so that it
-- reads as the replay it is, not as a refund beyond the payment. drizzle-kit does not model triggers.
DROP TRIGGER IF EXISTS `paymob_refund_cap`;--> statement-breakpoint
CREATE TRIGGER `paymob_refund_cap`
BEFORE INSERT ON `paymob_transactions`
WHEN NEW.`kind` = 'refund' AND NEW.`source` <> 'office'
  AND NOT EXISTS (
    SELECT 1 FROM `paymob_transactions` AS d WHERE d.`transaction_id` = NEW.`transaction_id` AND d.`kind` = 'refund'
  )
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
