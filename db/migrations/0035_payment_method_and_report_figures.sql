CREATE TABLE `report_mark_percents` (
	`academic_year_name` text NOT NULL,
	`semester` text NOT NULL,
	`subject_name` text NOT NULL,
	`percent` integer NOT NULL,
	`marks` integer NOT NULL,
	PRIMARY KEY(`academic_year_name`, `semester`, `subject_name`, `percent`)
);
--> statement-breakpoint
CREATE TABLE `report_receipt_hours` (
	`academic_year_name` text NOT NULL,
	`hour` text NOT NULL,
	`kind` text NOT NULL,
	`source` text NOT NULL,
	`amount_piastres` integer NOT NULL,
	`receipts` integer NOT NULL,
	PRIMARY KEY(`academic_year_name`, `hour`, `kind`, `source`)
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `method` text;--> statement-breakpoint
ALTER TABLE `results` ADD `present_marks` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `results` ADD `absent_marks` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `results` ADD `lowest_percent` integer;--> statement-breakpoint
CREATE INDEX `results_pass_idx` ON `results` (`academic_year_name`,`semester`,`grade`,`present_marks`,`lowest_percent`,`absent_marks`);