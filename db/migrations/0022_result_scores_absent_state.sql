PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_result_subject_scores` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`result_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`subject_name` text NOT NULL,
	`score_hundredths` integer,
	`max_score_hundredths` integer DEFAULT 10000 NOT NULL,
	`remarks` text,
	`absent` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`result_id`) REFERENCES `results`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "scores_range_chk" CHECK("__new_result_subject_scores"."max_score_hundredths" >= 1 AND ("__new_result_subject_scores"."score_hundredths" IS NULL OR ("__new_result_subject_scores"."score_hundredths" >= 0 AND "__new_result_subject_scores"."score_hundredths" <= "__new_result_subject_scores"."max_score_hundredths"))),
	CONSTRAINT "scores_absent_chk" CHECK("__new_result_subject_scores"."absent" = ("__new_result_subject_scores"."score_hundredths" IS NULL))
);
--> statement-breakpoint
INSERT INTO `__new_result_subject_scores`("id", "result_id", "position", "subject_name", "score_hundredths", "max_score_hundredths", "remarks", "absent") SELECT "id", "result_id", "position", "subject_name", "score_hundredths", "max_score_hundredths", "remarks", "absent" FROM `result_subject_scores`;--> statement-breakpoint
DROP TABLE `result_subject_scores`;--> statement-breakpoint
ALTER TABLE `__new_result_subject_scores` RENAME TO `result_subject_scores`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `scores_result_idx` ON `result_subject_scores` (`result_id`,`position`);