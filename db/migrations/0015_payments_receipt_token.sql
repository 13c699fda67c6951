ALTER TABLE `payments` ADD `receipt_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_receipt_token_unique` ON `payments` (`receipt_token`);