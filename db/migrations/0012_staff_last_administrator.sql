-- The school always keeps one active administrator (docs/product.md#staff-and-roles): a change that would demote or
-- deactivate the last one is refused by the write itself, so two administrators demoting each other at once cannot
-- both succeed. drizzle-kit does not model triggers; the message is read by worker/db-constraints.ts by name.
CREATE TRIGGER `admins_last_administrator`
BEFORE UPDATE OF `role`, `is_active` ON `admins`
WHEN OLD.`role` = 'administrator' AND OLD.`is_active` = 1
  AND (NEW.`role` <> 'administrator' OR NEW.`is_active` = 0)
  AND NOT EXISTS (
    SELECT 1 FROM `admins` AS o WHERE o.`role` = 'administrator' AND o.`is_active` = 1 AND o.`id` <> OLD.`id`
  )
BEGIN
  SELECT RAISE(ABORT, 'TRIGGER constraint failed: admins_last_administrator');
END;
