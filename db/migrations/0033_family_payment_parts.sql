CREATE TABLE `online_payment_parts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`online_payment_id` integer NOT NULL,
	`position` integer NOT NULL,
	`student_id` integer NOT NULL,
	`amount_piastres` integer NOT NULL,
	`applied_piastres` integer,
	`credit_piastres` integer DEFAULT 0 NOT NULL,
	`payment_id` integer,
	FOREIGN KEY (`online_payment_id`) REFERENCES `online_payments`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "online_payment_parts_amount_chk" CHECK("online_payment_parts"."amount_piastres" > 0),
	CONSTRAINT "online_payment_parts_split_chk" CHECK("online_payment_parts"."applied_piastres" IS NULL OR ("online_payment_parts"."applied_piastres" >= 0 AND "online_payment_parts"."applied_piastres" + "online_payment_parts"."credit_piastres" = "online_payment_parts"."amount_piastres"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `online_payment_parts_child_uq` ON `online_payment_parts` (`online_payment_id`,`student_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `online_payment_parts_position_uq` ON `online_payment_parts` (`online_payment_id`,`position`);--> statement-breakpoint
CREATE INDEX `online_payment_parts_student_idx` ON `online_payment_parts` (`student_id`);--> statement-breakpoint
ALTER TABLE `online_payments` ADD `guardian_phone` text;--> statement-breakpoint
CREATE INDEX `online_payments_guardian_idx` ON `online_payments` (`guardian_phone`);