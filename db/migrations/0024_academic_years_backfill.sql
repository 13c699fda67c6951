-- Academic years as data (docs/product.md#academic-years-and-rollover): every year the data names becomes a row,
-- each fee record becomes the account of the year it belongs to, and each student is enrolled in the years their
-- records show. Nothing is deleted or changed but the new columns and tables. "Today" is the school day in Cairo,
-- taken as UTC+3 (Egypt's summer time, in force on 1 September): a migration run in the night's first hours of
-- 1 September under winter time would still name the year that starts that day. Default dates: the year
-- 1 September - 31 August, term 1 to 31 January, term 2 1 February - 30 June (the office edits them on the page).
INSERT INTO `academic_years` (`name`, `start_date`, `end_date`, `term1_start`, `term1_end`, `term2_start`, `term2_end`, `state`, `closed_at`)
WITH `today` AS (SELECT date('now', '+3 hours') AS `d`),
`dates` (`d`) AS (
  SELECT `d` FROM `today`
  UNION SELECT min(`due_date`) FROM `fee_instalments` GROUP BY `fee_record_id`
),
`names` (`name`) AS (
  SELECT CASE WHEN CAST(substr(`d`, 6, 2) AS INTEGER) >= 9
    THEN substr(`d`, 1, 4) || '-' || (CAST(substr(`d`, 1, 4) AS INTEGER) + 1)
    ELSE (CAST(substr(`d`, 1, 4) AS INTEGER) - 1) || '-' || substr(`d`, 1, 4) END
  FROM `dates` WHERE `d` GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
  UNION SELECT `academic_year` FROM `payments`
  UNION SELECT `academic_year` FROM `receipt_counters`
  UNION SELECT `academic_year_name` FROM `fee_plans`
  UNION SELECT `academic_year_name` FROM `results`
  UNION SELECT `academic_year_name` FROM `result_publications`
),
`valid` AS (
  SELECT `name`, substr(`name`, 1, 4) AS `y1`, substr(`name`, 6, 4) AS `y2` FROM `names`
  WHERE `name` GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]'
    AND CAST(substr(`name`, 6, 4) AS INTEGER) = CAST(substr(`name`, 1, 4) AS INTEGER) + 1
)
SELECT `name`, `y1` || '-09-01', `y2` || '-08-31', `y1` || '-09-01', `y2` || '-01-31', `y2` || '-02-01', `y2` || '-06-30',
  CASE WHEN `y2` || '-08-31' < (SELECT `d` FROM `today`) THEN 'closed'
       WHEN `y1` || '-09-01' > (SELECT `d` FROM `today`) THEN 'upcoming'
       ELSE 'current' END,
  CASE WHEN `y2` || '-08-31' < (SELECT `d` FROM `today`) THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
FROM `valid`;
--> statement-breakpoint
-- A fee record belongs to the year of its receipts; without one, to its plan's year, then the year its schedule
-- starts in, then the current year.
UPDATE `fee_records` SET `academic_year_name` = coalesce(
  (SELECT p.`academic_year` FROM `payments` p JOIN `academic_years` y ON y.`name` = p.`academic_year`
    WHERE p.`fee_record_id` = `fee_records`.`id` ORDER BY p.`paid_at`, p.`id` LIMIT 1),
  (SELECT fp.`academic_year_name` FROM `fee_plans` fp JOIN `academic_years` y ON y.`name` = fp.`academic_year_name`
    WHERE fp.`id` = `fee_records`.`plan_id`),
  (SELECT y.`name` FROM `fee_instalments` i JOIN `academic_years` y ON i.`due_date` BETWEEN y.`start_date` AND y.`end_date`
    WHERE i.`fee_record_id` = `fee_records`.`id` ORDER BY i.`due_date` LIMIT 1),
  (SELECT `name` FROM `academic_years` WHERE `state` = 'current')
) WHERE `academic_year_name` IS NULL;
--> statement-breakpoint
-- Enrolments: a fee account's year with its grade; a result's year with its grade; the current year with the
-- student's grade (a student no longer active has left).
INSERT OR IGNORE INTO `enrolments` (`student_id`, `academic_year_name`, `grade`, `building_no`)
SELECT f.`student_id`, f.`academic_year_name`, f.`grade`, s.`building_no`
FROM `fee_records` f JOIN `students` s ON s.`id` = f.`student_id`;
--> statement-breakpoint
INSERT OR IGNORE INTO `enrolments` (`student_id`, `academic_year_name`, `grade`, `building_no`)
SELECT r.`student_id`, r.`academic_year_name`, r.`grade`, s.`building_no`
FROM `results` r JOIN `students` s ON s.`id` = r.`student_id` JOIN `academic_years` y ON y.`name` = r.`academic_year_name`
ORDER BY r.`semester` DESC;
--> statement-breakpoint
INSERT OR IGNORE INTO `enrolments` (`student_id`, `academic_year_name`, `grade`, `building_no`, `outcome`)
SELECT s.`id`, y.`name`, s.`current_grade`, s.`building_no`, CASE WHEN s.`is_active` = 1 THEN NULL ELSE 'left' END
FROM `students` s JOIN `academic_years` y ON y.`state` = 'current';
