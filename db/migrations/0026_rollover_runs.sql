CREATE TABLE `rollover_run_students` (
	`run_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	`from_grade` text NOT NULL,
	`from_building` integer NOT NULL,
	`had_enrolment` integer NOT NULL,
	`prior_outcome` text,
	`was_active` integer NOT NULL,
	`outcome` text NOT NULL,
	`next_grade` text,
	`next_building` integer,
	`next_section` text,
	`fee_total_piastres` integer,
	PRIMARY KEY(`run_id`, `student_id`),
	FOREIGN KEY (`run_id`) REFERENCES `rollover_runs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `rollover_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_year` text NOT NULL,
	`to_year` text NOT NULL,
	`state` text DEFAULT 'running' NOT NULL,
	`options` text NOT NULL,
	`created_year` integer DEFAULT false NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`admin_id` integer,
	`admin_username` text NOT NULL,
	`finished_at` text,
	`undone_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`from_year`) REFERENCES `academic_years`(`name`) ON UPDATE cascade ON DELETE restrict,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "rollover_runs_state_chk" CHECK("rollover_runs"."state" IN ('running','applied','undone'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rollover_runs_active_uq` ON `rollover_runs` (`from_year`) WHERE "rollover_runs"."state" <> 'undone';