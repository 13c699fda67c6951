CREATE TABLE `student_guardians` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`student_id` integer NOT NULL,
	`position` integer NOT NULL,
	`full_name` text NOT NULL,
	`relation` text NOT NULL,
	`phone` text NOT NULL,
	`language` text DEFAULT 'ar' NOT NULL,
	`whatsapp_consent` integer DEFAULT false NOT NULL,
	`consent_recorded_at` text,
	`consent_recorded_by` text,
	`opted_out_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "guardians_position_chk" CHECK("student_guardians"."position" BETWEEN 0 AND 2),
	CONSTRAINT "guardians_relation_chk" CHECK("student_guardians"."relation" IN ('father','mother','guardian')),
	CONSTRAINT "guardians_language_chk" CHECK("student_guardians"."language" IN ('ar','en'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guardians_student_position_uq` ON `student_guardians` (`student_id`,`position`);--> statement-breakpoint
CREATE INDEX `guardians_phone_idx` ON `student_guardians` (`phone`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`msg_key` text NOT NULL,
	`kind` text NOT NULL,
	`student_id` integer NOT NULL,
	`guardian_id` integer,
	`channel` text NOT NULL,
	`to_phone` text NOT NULL,
	`language` text NOT NULL,
	`template` text NOT NULL,
	`params` text DEFAULT '[]' NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`provider_id` text,
	`error` text,
	`day` text NOT NULL,
	`dead_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`guardian_id`) REFERENCES `student_guardians`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "messages_kind_chk" CHECK("messages"."kind" IN ('instalment_due','instalment_overdue','payment_received','results_published','selection_opened')),
	CONSTRAINT "messages_status_chk" CHECK("messages"."status" IN ('queued','sent','delivered','read','failed')),
	CONSTRAINT "messages_channel_chk" CHECK("messages"."channel" IN ('whatsapp','sms'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_msg_key_unique` ON `messages` (`msg_key`);--> statement-breakpoint
CREATE INDEX `messages_student_idx` ON `messages` (`student_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_status_idx` ON `messages` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `messages_provider_idx` ON `messages` (`provider_id`);--> statement-breakpoint
CREATE INDEX `messages_created_idx` ON `messages` (`created_at`);