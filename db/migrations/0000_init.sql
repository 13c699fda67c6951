CREATE TABLE `admins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`password_changed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admins_username_unique` ON `admins` (`username`);--> statement-breakpoint
CREATE TABLE `admin_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_sessions_token_hash_unique` ON `admin_sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `admin_sessions_admin_idx` ON `admin_sessions` (`admin_id`);--> statement-breakpoint
CREATE TABLE `login_throttle` (
	`username` text PRIMARY KEY NOT NULL,
	`failed_count` integer DEFAULT 0 NOT NULL,
	`window_started_at` text NOT NULL,
	`locked_until` text
);
--> statement-breakpoint
CREATE TABLE `students` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_no` text NOT NULL,
	`full_name` text NOT NULL,
	`nationality` text NOT NULL,
	`religion` text,
	`current_grade` text NOT NULL,
	`building_no` integer NOT NULL,
	`gender` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "students_building_chk" CHECK("students"."building_no" BETWEEN 1 AND 6),
	CONSTRAINT "students_gender_chk" CHECK("students"."gender" IN ('male','female'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `students_student_no_unique` ON `students` (`student_no`);--> statement-breakpoint
CREATE INDEX `students_grade_idx` ON `students` (`current_grade`,`full_name`);--> statement-breakpoint
CREATE INDEX `students_active_idx` ON `students` (`is_active`);--> statement-breakpoint
CREATE INDEX `students_name_idx` ON `students` (`full_name`);--> statement-breakpoint
CREATE TABLE `fee_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_id` integer NOT NULL,
	`grade` text NOT NULL,
	`total_piastres` integer NOT NULL,
	`paid_piastres` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "fee_total_chk" CHECK("fee_records"."total_piastres" >= 0),
	CONSTRAINT "fee_paid_chk" CHECK("fee_records"."paid_piastres" >= 0 AND "fee_records"."paid_piastres" <= "fee_records"."total_piastres")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fee_records_student_id_unique` ON `fee_records` (`student_id`);--> statement-breakpoint
CREATE INDEX `fee_records_grade_idx` ON `fee_records` (`grade`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fee_record_id` integer NOT NULL,
	`receipt_no` text NOT NULL,
	`academic_year` text NOT NULL,
	`sequence` integer NOT NULL,
	`amount_piastres` integer NOT NULL,
	`kind` text DEFAULT 'payment' NOT NULL,
	`idempotency_key` text,
	`request_hash` text,
	`paid_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`admin_id` integer,
	FOREIGN KEY (`fee_record_id`) REFERENCES `fee_records`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payments_kind_chk" CHECK("payments"."kind" IN ('payment','adjustment')),
	CONSTRAINT "payments_amount_chk" CHECK("payments"."kind" = 'adjustment' OR "payments"."amount_piastres" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_receipt_no_unique` ON `payments` (`receipt_no`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_idempotency_key_unique` ON `payments` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_year_seq_uq` ON `payments` (`academic_year`,`sequence`);--> statement-breakpoint
CREATE INDEX `payments_fee_idx` ON `payments` (`fee_record_id`,`paid_at`);--> statement-breakpoint
CREATE TABLE `receipt_counters` (
	`academic_year` text PRIMARY KEY NOT NULL,
	`last_sequence` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `result_subject_scores` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`result_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`subject_name` text NOT NULL,
	`score` integer NOT NULL,
	`max_score` integer DEFAULT 100 NOT NULL,
	`remarks` text,
	FOREIGN KEY (`result_id`) REFERENCES `results`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "scores_range_chk" CHECK("result_subject_scores"."max_score" >= 1 AND "result_subject_scores"."score" >= 0 AND "result_subject_scores"."score" <= "result_subject_scores"."max_score")
);
--> statement-breakpoint
CREATE INDEX `scores_result_idx` ON `result_subject_scores` (`result_id`,`position`);--> statement-breakpoint
CREATE TABLE `results` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_id` integer NOT NULL,
	`academic_year_name` text NOT NULL,
	`semester` text NOT NULL,
	`grade` text NOT NULL,
	`remarks` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "results_semester_chk" CHECK("results"."semester" IN ('S1','S2'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `results_student_year_sem_uq` ON `results` (`student_id`,`academic_year_name`,`semester`);--> statement-breakpoint
CREATE INDEX `results_year_sem_idx` ON `results` (`academic_year_name`,`semester`);--> statement-breakpoint
CREATE INDEX `results_grade_idx` ON `results` (`grade`);--> statement-breakpoint
CREATE TABLE `result_publications` (
	`academic_year_name` text NOT NULL,
	`semester` text NOT NULL,
	`is_published` integer DEFAULT false NOT NULL,
	`published_at` text,
	PRIMARY KEY(`academic_year_name`, `semester`),
	CONSTRAINT "pub_semester_chk" CHECK("result_publications"."semester" IN ('S1','S2'))
);
--> statement-breakpoint
CREATE TABLE `news` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`summary` text,
	`content` text NOT NULL,
	`image_url` text,
	`author_name` text DEFAULT 'Admin' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`priority` integer DEFAULT 0 NOT NULL,
	`publish_date` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "news_status_chk" CHECK("news"."status" IN ('draft','published','archived')),
	CONSTRAINT "news_title_len_chk" CHECK(length("news"."title") <= 255)
);
--> statement-breakpoint
CREATE INDEX `news_status_date_idx` ON `news` (`status`,`publish_date`);--> statement-breakpoint
CREATE INDEX `news_date_idx` ON `news` (`publish_date`);--> statement-breakpoint
CREATE TABLE `selection_subjects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`is_active` integer DEFAULT true NOT NULL,
	`max_selections` integer DEFAULT 5 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "subjects_max_sel_chk" CHECK("selection_subjects"."max_selections" BETWEEN 1 AND 10)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `selection_subjects_name_unique` ON `selection_subjects` (`name`);--> statement-breakpoint
CREATE TABLE `teachers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`teacher_code` text NOT NULL,
	`full_name` text NOT NULL,
	`building_no` text DEFAULT '5' NOT NULL,
	`subject_id` integer,
	`session_1_capacity` integer DEFAULT 35 NOT NULL,
	`session_2_capacity` integer DEFAULT 35 NOT NULL,
	`seats_taken_1` integer DEFAULT 0 NOT NULL,
	`seats_taken_2` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`subject_id`) REFERENCES `selection_subjects`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "teachers_building_chk" CHECK("teachers"."building_no" IN ('5','6')),
	CONSTRAINT "teachers_cap1_chk" CHECK("teachers"."session_1_capacity" BETWEEN 0 AND 35),
	CONSTRAINT "teachers_cap2_chk" CHECK("teachers"."session_2_capacity" BETWEEN 0 AND 35),
	CONSTRAINT "teachers_seats1_chk" CHECK("teachers"."seats_taken_1" BETWEEN 0 AND "teachers"."session_1_capacity"),
	CONSTRAINT "teachers_seats2_chk" CHECK("teachers"."seats_taken_2" BETWEEN 0 AND "teachers"."session_2_capacity")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `teachers_teacher_code_unique` ON `teachers` (`teacher_code`);--> statement-breakpoint
CREATE INDEX `teachers_subject_idx` ON `teachers` (`subject_id`,`is_active`);--> statement-breakpoint
CREATE TABLE `selection_periods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`period_name` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`is_active` integer DEFAULT false NOT NULL,
	`allow_changes` integer DEFAULT true NOT NULL,
	`max_subjects` integer DEFAULT 5 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "periods_max_subjects_chk" CHECK("selection_periods"."max_subjects" BETWEEN 1 AND 10),
	CONSTRAINT "periods_dates_chk" CHECK("selection_periods"."end_date" > "selection_periods"."start_date")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `periods_one_active_uq` ON `selection_periods` (`is_active`) WHERE "selection_periods"."is_active" = 1;--> statement-breakpoint
CREATE TABLE `selection_registrations` (
	`student_id` integer PRIMARY KEY NOT NULL,
	`period_id` integer,
	`first_saved_at` text NOT NULL,
	`update_deadline` text NOT NULL,
	`update_count` integer DEFAULT 0 NOT NULL,
	`last_saved_at` text NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`period_id`) REFERENCES `selection_periods`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "registrations_update_once_chk" CHECK("selection_registrations"."update_count" BETWEEN 0 AND 1)
);
--> statement-breakpoint
CREATE TABLE `student_selections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_id` integer NOT NULL,
	`subject_id` integer NOT NULL,
	`teacher_id` integer NOT NULL,
	`session_number` integer NOT NULL,
	`period_id` integer,
	`selected_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`subject_id`) REFERENCES `selection_subjects`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`teacher_id`) REFERENCES `teachers`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`period_id`) REFERENCES `selection_periods`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "selections_session_chk" CHECK("student_selections"."session_number" IN (1,2))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `selections_student_subject_uq` ON `student_selections` (`student_id`,`subject_id`);--> statement-breakpoint
CREATE INDEX `selections_teacher_idx` ON `student_selections` (`teacher_id`,`session_number`);--> statement-breakpoint
CREATE TABLE `selection_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_no` text NOT NULL,
	`period_id` integer,
	`payload` text NOT NULL,
	`outcome` text NOT NULL,
	`action` text,
	`reason` text,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `attempts_student_idx` ON `selection_attempts` (`student_no`,`at`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer,
	`admin_username` text,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`before` text,
	`after` text,
	`request_id` text,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_entity_idx` ON `audit_log` (`entity`,`entity_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_admin_idx` ON `audit_log` (`admin_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_at_idx` ON `audit_log` (`at`);