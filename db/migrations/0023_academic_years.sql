CREATE TABLE `academic_years` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`term1_start` text NOT NULL,
	`term1_end` text NOT NULL,
	`term2_start` text NOT NULL,
	`term2_end` text NOT NULL,
	`state` text DEFAULT 'upcoming' NOT NULL,
	`closed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "academic_years_state_chk" CHECK("academic_years"."state" IN ('upcoming','current','closed')),
	CONSTRAINT "academic_years_name_chk" CHECK("academic_years"."name" GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]'
        AND CAST(substr("academic_years"."name", 6, 4) AS INTEGER) = CAST(substr("academic_years"."name", 1, 4) AS INTEGER) + 1
        AND substr("academic_years"."start_date", 1, 4) = substr("academic_years"."name", 1, 4)),
	CONSTRAINT "academic_years_dates_chk" CHECK("academic_years"."start_date" <= "academic_years"."term1_start" AND "academic_years"."term1_start" < "academic_years"."term1_end" AND "academic_years"."term1_end" < "academic_years"."term2_start"
        AND "academic_years"."term2_start" < "academic_years"."term2_end" AND "academic_years"."term2_end" <= "academic_years"."end_date")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `academic_years_name_unique` ON `academic_years` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `academic_years_one_current_uq` ON `academic_years` (`state`) WHERE "academic_years"."state" = 'current';--> statement-breakpoint
CREATE TABLE `enrolments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_id` integer NOT NULL,
	`academic_year_name` text NOT NULL,
	`grade` text NOT NULL,
	`building_no` integer NOT NULL,
	`section` text,
	`outcome` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`academic_year_name`) REFERENCES `academic_years`(`name`) ON UPDATE cascade ON DELETE restrict,
	CONSTRAINT "enrolments_outcome_chk" CHECK("enrolments"."outcome" IS NULL OR "enrolments"."outcome" IN ('promoted','retained','graduated','left')),
	CONSTRAINT "enrolments_building_chk" CHECK("enrolments"."building_no" BETWEEN 1 AND 6)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `enrolments_student_year_uq` ON `enrolments` (`student_id`,`academic_year_name`);--> statement-breakpoint
CREATE INDEX `enrolments_year_grade_idx` ON `enrolments` (`academic_year_name`,`grade`);--> statement-breakpoint
ALTER TABLE `fee_records` ADD `academic_year_name` text;--> statement-breakpoint
ALTER TABLE `fee_records` ADD `discount_recurring` integer DEFAULT false NOT NULL;