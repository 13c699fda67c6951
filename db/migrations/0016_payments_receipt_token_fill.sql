-- payments.receipt_token (db/schema/payments.ts) for the rows issued before it: a paid online payment's receipt keeps
-- the link its family was already given (online_payments.receipt_token); every other row gets 43 random base64url
-- characters (258 bits, as the Worker's 32-byte tokens). Each character takes 6 random bits from randomblob: the
-- low 2 bits of one random hex digit and a whole second one (both uniform, so each of the 64 letters is equally
-- likely).
UPDATE `payments` SET `receipt_token` = (SELECT o.`receipt_token` FROM `online_payments` o WHERE o.`payment_id` = `payments`.`id`)
WHERE `receipt_token` IS NULL AND EXISTS (SELECT 1 FROM `online_payments` o WHERE o.`payment_id` = `payments`.`id`);--> statement-breakpoint
WITH RECURSIVE `t`(`id`, `n`, `token`) AS (
  SELECT `id`, 0, '' FROM `payments` WHERE `receipt_token` IS NULL
  UNION ALL
  SELECT `id`, `n` + 1, `token` || substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
    1 + ((instr('0123456789ABCDEF', substr(hex(randomblob(1)), 1, 1)) - 1) % 4) * 16
      + instr('0123456789ABCDEF', substr(hex(randomblob(1)), 1, 1)) - 1, 1)
  FROM `t` WHERE `n` < 43
)
UPDATE `payments` SET `receipt_token` = `t`.`token` FROM `t` WHERE `t`.`id` = `payments`.`id` AND `t`.`n` = 43;
