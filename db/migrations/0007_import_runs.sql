CREATE TABLE `import_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`idempotency_key` text NOT NULL,
	`kind` text NOT NULL,
	`request_hash` text NOT NULL,
	`answer` text NOT NULL,
	`row_count` integer NOT NULL,
	`admin_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `import_runs_idempotency_key_unique` ON `import_runs` (`idempotency_key`);