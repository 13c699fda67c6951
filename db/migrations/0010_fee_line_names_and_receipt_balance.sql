ALTER TABLE `payments` ADD `balance_after_piastres` integer;--> statement-breakpoint
ALTER TABLE `fee_plan_instalments` ADD `line_en` text;--> statement-breakpoint
ALTER TABLE `fee_instalments` ADD `line_en` text;--> statement-breakpoint
ALTER TABLE `payment_allocations` ADD `line_en` text;