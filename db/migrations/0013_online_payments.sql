CREATE TABLE `online_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`fee_record_id` integer NOT NULL,
	`amount_piastres` integer NOT NULL,
	`currency` text DEFAULT 'EGP' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`order_id` text NOT NULL,
	`intention_id` text,
	`client_secret` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`request_hash` text NOT NULL,
	`receipt_token` text NOT NULL,
	`expires_at` text NOT NULL,
	`transaction_id` text,
	`payment_id` integer,
	`credit_piastres` integer DEFAULT 0 NOT NULL,
	`refunded_piastres` integer DEFAULT 0 NOT NULL,
	`paid_at` text,
	`checked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`fee_record_id`) REFERENCES `fee_records`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "online_payments_amount_chk" CHECK("online_payments"."amount_piastres" > 0),
	CONSTRAINT "online_payments_status_chk" CHECK("online_payments"."status" IN ('pending','paid','failed','expired')),
	CONSTRAINT "online_payments_credit_chk" CHECK("online_payments"."credit_piastres" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `online_payments_public_id_unique` ON `online_payments` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `online_payments_order_id_unique` ON `online_payments` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `online_payments_idempotency_key_unique` ON `online_payments` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `online_payments_receipt_token_unique` ON `online_payments` (`receipt_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `online_payments_transaction_id_unique` ON `online_payments` (`transaction_id`);--> statement-breakpoint
CREATE INDEX `online_payments_status_idx` ON `online_payments` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `online_payments_fee_idx` ON `online_payments` (`fee_record_id`);--> statement-breakpoint
CREATE TABLE `paymob_transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` text NOT NULL,
	`kind` text NOT NULL,
	`online_payment_id` integer NOT NULL,
	`amount_piastres` integer NOT NULL,
	`applied_piastres` integer DEFAULT 0 NOT NULL,
	`credit_piastres` integer DEFAULT 0 NOT NULL,
	`payment_id` integer,
	`source` text NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`online_payment_id`) REFERENCES `online_payments`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `paymob_transactions_txn_kind_uq` ON `paymob_transactions` (`transaction_id`,`kind`);--> statement-breakpoint
CREATE INDEX `paymob_transactions_payment_idx` ON `paymob_transactions` (`online_payment_id`);--> statement-breakpoint
ALTER TABLE `payments` ADD `source` text DEFAULT 'desk' NOT NULL;