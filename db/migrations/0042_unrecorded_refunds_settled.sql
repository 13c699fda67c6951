ALTER TABLE `unrecorded_refunds` ADD `settled_at` text;--> statement-breakpoint
ALTER TABLE `unrecorded_refunds` ADD `settled_by` text;--> statement-breakpoint
ALTER TABLE `unrecorded_refunds` ADD `settled_note` text;