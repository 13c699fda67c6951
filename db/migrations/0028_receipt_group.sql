ALTER TABLE `payments` ADD `receipt_group` text;--> statement-breakpoint
CREATE INDEX `payments_receipt_group_idx` ON `payments` (`receipt_group`);