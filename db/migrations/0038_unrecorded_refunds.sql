CREATE TABLE `unrecorded_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`online_payment_id` integer NOT NULL,
	`transaction_id` text NOT NULL,
	`amount_piastres` integer NOT NULL,
	`reason` text NOT NULL,
	`source` text NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`recorded_at` text,
	FOREIGN KEY (`online_payment_id`) REFERENCES `online_payments`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "unrecorded_refunds_reason_chk" CHECK("unrecorded_refunds"."reason" IN ('beyond_payment','accounts_short')),
	CONSTRAINT "unrecorded_refunds_amount_chk" CHECK("unrecorded_refunds"."amount_piastres" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `unrecorded_refunds_txn_uq` ON `unrecorded_refunds` (`transaction_id`);--> statement-breakpoint
CREATE INDEX `unrecorded_refunds_payment_idx` ON `unrecorded_refunds` (`online_payment_id`);