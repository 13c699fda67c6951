CREATE TABLE `db_health` (
	`id` integer PRIMARY KEY NOT NULL,
	`probed_at` text,
	`restarts` integer DEFAULT 0 NOT NULL,
	`last_restart_at` text,
	`last_restart_cause` text
);
