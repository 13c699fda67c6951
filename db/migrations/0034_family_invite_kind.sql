PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_messages` (
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
	`claimed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`guardian_id`) REFERENCES `student_guardians`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "messages_kind_chk" CHECK("__new_messages"."kind" IN ('instalment_due','instalment_overdue','payment_received','results_published','selection_opened','sign_in_code','family_invite')),
	CONSTRAINT "messages_status_chk" CHECK("__new_messages"."status" IN ('queued','sent','delivered','read','failed')),
	CONSTRAINT "messages_channel_chk" CHECK("__new_messages"."channel" IN ('whatsapp','sms'))
);
--> statement-breakpoint
INSERT INTO `__new_messages`("id", "msg_key", "kind", "student_id", "guardian_id", "channel", "to_phone", "language", "template", "params", "body", "status", "attempts", "provider_id", "error", "day", "dead_at", "claimed_at", "created_at", "updated_at") SELECT "id", "msg_key", "kind", "student_id", "guardian_id", "channel", "to_phone", "language", "template", "params", "body", "status", "attempts", "provider_id", "error", "day", "dead_at", "claimed_at", "created_at", "updated_at" FROM `messages`;--> statement-breakpoint
DROP TABLE `messages`;--> statement-breakpoint
ALTER TABLE `__new_messages` RENAME TO `messages`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_msg_key_unique` ON `messages` (`msg_key`);--> statement-breakpoint
CREATE INDEX `messages_student_idx` ON `messages` (`student_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_status_idx` ON `messages` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `messages_provider_idx` ON `messages` (`provider_id`);--> statement-breakpoint
CREATE INDEX `messages_created_idx` ON `messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `messages_day_idx` ON `messages` (`day`,`channel`,`status`);