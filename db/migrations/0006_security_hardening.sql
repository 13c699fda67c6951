CREATE TABLE `login_attempts` (
	`username` text NOT NULL,
	`client` text DEFAULT '*' NOT NULL,
	`failed_count` integer DEFAULT 0 NOT NULL,
	`window_started_at` text NOT NULL,
	`trusted_until` text,
	PRIMARY KEY(`username`, `client`)
);
--> statement-breakpoint
CREATE INDEX `login_attempts_window_idx` ON `login_attempts` (`window_started_at`);--> statement-breakpoint
CREATE TABLE `news_view_marks` (
	`news_id` integer NOT NULL,
	`client` text NOT NULL,
	`hour` integer NOT NULL,
	PRIMARY KEY(`news_id`, `client`, `hour`),
	FOREIGN KEY (`news_id`) REFERENCES `news`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `news_view_marks_hour_idx` ON `news_view_marks` (`hour`);--> statement-breakpoint
DROP TABLE `login_throttle`;