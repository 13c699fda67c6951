-- Marks move to integer hundredths (db/schema/results.ts): 45 marks become 4500, so half marks (45.5 → 4550) are
-- exact. Existing whole marks are copied ×100 before the next migration drops the old columns.
UPDATE `result_subject_scores` SET `score_hundredths` = `score` * 100, `max_score_hundredths` = `max_score` * 100;
