CREATE TABLE `staff_assignments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`staff_id` integer NOT NULL,
	`grade` text NOT NULL,
	`subject_name` text NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_assignments_uq` ON `staff_assignments` (`staff_id`,`grade`,`subject_name`);--> statement-breakpoint
ALTER TABLE `admins` ADD `display_name` text;--> statement-breakpoint
ALTER TABLE `admins` ADD `role` text DEFAULT 'administrator' NOT NULL;--> statement-breakpoint
ALTER TABLE `admins` ADD `is_active` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `admins` ADD `must_change_password` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `admins` ADD `last_login_at` text;