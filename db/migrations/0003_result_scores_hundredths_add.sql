ALTER TABLE `result_subject_scores` ADD `score_hundredths` integer;--> statement-breakpoint
ALTER TABLE `result_subject_scores` ADD `max_score_hundredths` integer;