-- Refunds of a family's payment for several children recorded before the per-child split (migration 0037,
-- docs/decisions/0045-family-payment-parts.md "Refunds") have no `online_refund_parts` rows, yet every later refund
-- of the same payment reads them (what each part still holds as credit and applied) and so does a child's printed
-- receipt (the credit refunded from that child's part): without them a later refund would take the same credit
-- twice. Each such refund gets the rows of what it really did (docs/decisions/0049-online-refunds-across-years-and-
-- unrecorded.md "Refunds recorded before the split"): its credit from the parts' credit in checkout order, after what
-- the order's earlier refunds took (credit is on no account, so this is the split's own rule); what it applied came
-- off the order's account, the first child's, so it is that child's part's (the truth of where the money left,
-- even when it was more than that part applied: later refunds are then refused and shown to the office). The rows
-- name no ADJ (`payment_id` stays NULL): the old ADJ keeps printing the whole refund, as when it was issued. A
-- refund that already has rows is left alone; nothing else changes.
INSERT INTO `online_refund_parts` (`refund_id`, `part_id`, `credit_piastres`, `applied_piastres`)
WITH `old` AS (
  SELECT t.`id`, t.`online_payment_id` AS `op`, -t.`credit_piastres` AS `credit`, -t.`applied_piastres` AS `applied`,
    coalesce((SELECT -sum(e.`credit_piastres`) FROM `paymob_transactions` e
      WHERE e.`online_payment_id` = t.`online_payment_id` AND e.`kind` = 'refund' AND e.`id` < t.`id`), 0) AS `before`
  FROM `paymob_transactions` t
  WHERE t.`kind` = 'refund'
    AND EXISTS (SELECT 1 FROM `online_payment_parts` x WHERE x.`online_payment_id` = t.`online_payment_id`)
    AND NOT EXISTS (SELECT 1 FROM `online_refund_parts` r WHERE r.`refund_id` = t.`id`)
),
`parts` AS (
  SELECT x.`id`, x.`online_payment_id` AS `op`, x.`credit_piastres` AS `credit`,
    coalesce((SELECT sum(y.`credit_piastres`) FROM `online_payment_parts` y
      WHERE y.`online_payment_id` = x.`online_payment_id` AND y.`position` < x.`position`), 0) AS `before`,
    x.`id` = (SELECT y.`id` FROM `online_payment_parts` y
      JOIN `online_payments` o ON o.`id` = y.`online_payment_id`
      JOIN `fee_records` f ON f.`id` = o.`fee_record_id`
      WHERE y.`online_payment_id` = x.`online_payment_id` AND y.`student_id` = f.`student_id`
      ORDER BY y.`position` LIMIT 1) AS `owner`
  FROM `online_payment_parts` x
)
SELECT `refund_id`, `part_id`, `c`, `a` FROM (
  SELECT o.`id` AS `refund_id`, p.`id` AS `part_id`,
    max(0, min(o.`before` + o.`credit`, p.`before` + p.`credit`) - max(o.`before`, p.`before`)) AS `c`,
    CASE WHEN p.`owner` THEN o.`applied` ELSE 0 END AS `a`
  FROM `old` o JOIN `parts` p ON p.`op` = o.`op`
)
WHERE `c` > 0 OR `a` > 0;
