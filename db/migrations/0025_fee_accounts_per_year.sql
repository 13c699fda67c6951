PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_fee_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_id` integer NOT NULL,
	`academic_year_name` text NOT NULL,
	`grade` text NOT NULL,
	`total_piastres` integer NOT NULL,
	`paid_piastres` integer DEFAULT 0 NOT NULL,
	`plan_id` integer,
	`custom_schedule` integer DEFAULT false NOT NULL,
	`discount_piastres` integer DEFAULT 0 NOT NULL,
	`discount_percent_hundredths` integer,
	`discount_reason` text,
	`discount_recurring` integer DEFAULT false NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`academic_year_name`) REFERENCES `academic_years`(`name`) ON UPDATE cascade ON DELETE restrict,
	FOREIGN KEY (`plan_id`) REFERENCES `fee_plans`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "fee_total_chk" CHECK("__new_fee_records"."total_piastres" >= 0),
	CONSTRAINT "fee_paid_chk" CHECK("__new_fee_records"."paid_piastres" >= 0 AND "__new_fee_records"."paid_piastres" <= "__new_fee_records"."total_piastres")
);
--> statement-breakpoint
INSERT INTO `__new_fee_records`("id", "student_id", "academic_year_name", "grade", "total_piastres", "paid_piastres", "plan_id", "custom_schedule", "discount_piastres", "discount_percent_hundredths", "discount_reason", "discount_recurring", "version", "created_at", "updated_at") SELECT "id", "student_id", "academic_year_name", "grade", "total_piastres", "paid_piastres", "plan_id", "custom_schedule", "discount_piastres", "discount_percent_hundredths", "discount_reason", "discount_recurring", "version", "created_at", "updated_at" FROM `fee_records`;--> statement-breakpoint
DROP TABLE `fee_records`;--> statement-breakpoint
ALTER TABLE `__new_fee_records` RENAME TO `fee_records`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `fee_records_student_year_uq` ON `fee_records` (`student_id`,`academic_year_name`);--> statement-breakpoint
CREATE INDEX `fee_records_year_grade_idx` ON `fee_records` (`academic_year_name`,`grade`);--> statement-breakpoint
CREATE INDEX `fee_records_grade_idx` ON `fee_records` (`grade`);