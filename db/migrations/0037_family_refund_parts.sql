CREATE TABLE `online_refund_parts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`refund_id` integer NOT NULL,
	`part_id` integer NOT NULL,
	`credit_piastres` integer DEFAULT 0 NOT NULL,
	`applied_piastres` integer DEFAULT 0 NOT NULL,
	`payment_id` integer,
	FOREIGN KEY (`refund_id`) REFERENCES `paymob_transactions`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`part_id`) REFERENCES `online_payment_parts`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "online_refund_parts_split_chk" CHECK("online_refund_parts"."credit_piastres" >= 0 AND "online_refund_parts"."applied_piastres" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `online_refund_parts_refund_part_uq` ON `online_refund_parts` (`refund_id`,`part_id`);--> statement-breakpoint
CREATE INDEX `online_refund_parts_part_idx` ON `online_refund_parts` (`part_id`);