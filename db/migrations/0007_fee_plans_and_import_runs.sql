CREATE TABLE `fee_plan_instalments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`plan_id` integer NOT NULL,
	`line_position` integer NOT NULL,
	`line` text NOT NULL,
	`no` integer NOT NULL,
	`due_date` text NOT NULL,
	`amount_piastres` integer NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `fee_plans`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fee_plan_inst_amount_chk" CHECK("fee_plan_instalments"."amount_piastres" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fee_plan_inst_uq` ON `fee_plan_instalments` (`plan_id`,`line_position`,`no`);--> statement-breakpoint
CREATE INDEX `fee_plan_inst_plan_idx` ON `fee_plan_instalments` (`plan_id`);--> statement-breakpoint
CREATE TABLE `fee_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`academic_year_name` text NOT NULL,
	`grade` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fee_plans_year_grade_uq` ON `fee_plans` (`academic_year_name`,`grade`);--> statement-breakpoint
CREATE TABLE `fee_instalments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fee_record_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`line` text NOT NULL,
	`no` integer NOT NULL,
	`due_date` text NOT NULL,
	`amount_piastres` integer NOT NULL,
	`paid_piastres` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`fee_record_id`) REFERENCES `fee_records`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fee_inst_paid_chk" CHECK("fee_instalments"."amount_piastres" >= 0 AND "fee_instalments"."paid_piastres" >= 0 AND "fee_instalments"."paid_piastres" <= "fee_instalments"."amount_piastres")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fee_inst_seq_uq` ON `fee_instalments` (`fee_record_id`,`seq`);--> statement-breakpoint
CREATE INDEX `fee_inst_due_idx` ON `fee_instalments` (`due_date`,`fee_record_id`);--> statement-breakpoint
CREATE TABLE `payment_allocations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_id` integer NOT NULL,
	`line` text NOT NULL,
	`instalment_no` integer NOT NULL,
	`amount_piastres` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_alloc_payment_idx` ON `payment_allocations` (`payment_id`);--> statement-breakpoint
CREATE TABLE `school_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `import_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`idempotency_key` text NOT NULL,
	`kind` text NOT NULL,
	`request_hash` text NOT NULL,
	`answer` text NOT NULL,
	`row_count` integer NOT NULL,
	`admin_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `import_runs_idempotency_key_unique` ON `import_runs` (`idempotency_key`);--> statement-breakpoint
ALTER TABLE `fee_records` ADD `plan_id` integer REFERENCES fee_plans(id);--> statement-breakpoint
ALTER TABLE `fee_records` ADD `custom_schedule` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `fee_records` ADD `discount_piastres` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `fee_records` ADD `discount_percent_hundredths` integer;--> statement-breakpoint
ALTER TABLE `fee_records` ADD `discount_reason` text;