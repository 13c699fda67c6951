-- The students follow the year that becomes current (docs/product.md#the-year-end-rollover): when a year turns
-- current (the administrator's choice, closing the year before it, or the daily flip on its start date), each student
-- enrolled in it takes that enrolment's grade and building, and a student an applied rollover into it graduated or
-- let leave becomes inactive. A trigger, so every writer of a year's state gets it; drizzle-kit does not model
-- triggers (test/workers/rollover.test.ts fails without it).
CREATE TRIGGER `academic_years_follow_current` AFTER UPDATE OF `state` ON `academic_years`
WHEN NEW.`state` = 'current' AND OLD.`state` <> 'current' BEGIN
  UPDATE `students` SET
    `current_grade` = (SELECT e.`grade` FROM `enrolments` e WHERE e.`student_id` = `students`.`id` AND e.`academic_year_name` = NEW.`name`),
    `building_no` = (SELECT e.`building_no` FROM `enrolments` e WHERE e.`student_id` = `students`.`id` AND e.`academic_year_name` = NEW.`name`),
    `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE `id` IN (SELECT `student_id` FROM `enrolments` WHERE `academic_year_name` = NEW.`name`);
  UPDATE `students` SET `is_active` = 0, `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE `is_active` = 1 AND `id` IN (SELECT rs.`student_id` FROM `rollover_run_students` rs
    JOIN `rollover_runs` r ON r.`id` = rs.`run_id`
    WHERE r.`to_year` = NEW.`name` AND r.`state` = 'applied' AND rs.`next_grade` IS NULL);
END;
