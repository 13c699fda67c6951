-- The Reports page's kept figures (db/schema/report-figures.ts, docs/decisions/0044-reports-kept-figures.md).
-- drizzle-kit does not model triggers; if it ever rebuilds payments, fee_records, results or result_subject_scores,
-- re-create them (test/workers/reports-kept-figures.test.ts fails without them).
-- 1. An online receipt's method, until now only on its audit row (Paymob's "aggregator" is the kiosk).
UPDATE `payments` SET `method` = (
  SELECT CASE json_extract(a.`after`, '$.method') WHEN 'card' THEN 'card' WHEN 'wallet' THEN 'wallet'
    WHEN 'aggregator' THEN 'kiosk' WHEN 'kiosk' THEN 'kiosk' END
  FROM `audit_log` a
  WHERE a.`entity` = 'fee_record' AND a.`entity_id` = CAST(`payments`.`fee_record_id` AS TEXT)
    AND a.`action` IN ('online_payment', 'online_refund')
    AND json_extract(a.`after`, '$.receipt_no') = `payments`.`receipt_no`
  LIMIT 1)
WHERE `source` = 'online';--> statement-breakpoint
-- 2. The figures as the rows stand.
INSERT INTO `report_receipt_hours` (`academic_year_name`, `hour`, `kind`, `source`, `amount_piastres`, `receipts`)
SELECT f.`academic_year_name`, substr(p.`paid_at`, 1, 13), p.`kind`,
  CASE WHEN p.`source` = 'desk' THEN 'desk' ELSE coalesce(p.`method`, 'online') END, sum(p.`amount_piastres`), count(*)
FROM `payments` p JOIN `fee_records` f ON f.`id` = p.`fee_record_id`
WHERE 1 GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO `report_mark_percents` (`academic_year_name`, `semester`, `subject_name`, `percent`, `marks`)
SELECT r.`academic_year_name`, r.`semester`, s.`subject_name`,
  CASE WHEN s.`absent` = 1 THEN -1 ELSE (s.`score_hundredths` * 100) / s.`max_score_hundredths` END, count(*)
FROM `result_subject_scores` s JOIN `results` r ON r.`id` = s.`result_id`
WHERE 1 GROUP BY 1, 2, 3, 4;--> statement-breakpoint
UPDATE `results` SET
  `present_marks` = (SELECT count(*) FROM `result_subject_scores` s WHERE s.`result_id` = `results`.`id` AND s.`absent` = 0),
  `absent_marks` = (SELECT count(*) FROM `result_subject_scores` s WHERE s.`result_id` = `results`.`id` AND s.`absent` = 1),
  `lowest_percent` = (SELECT min((s.`score_hundredths` * 100) / s.`max_score_hundredths`) FROM `result_subject_scores` s
    WHERE s.`result_id` = `results`.`id` AND s.`absent` = 0);--> statement-breakpoint
-- 3. Receipts: every insert, delete and change of a receipt moves its year's hour by its amount.
CREATE TRIGGER `report_receipt_hours_ai` AFTER INSERT ON `payments` BEGIN
  INSERT INTO `report_receipt_hours` (`academic_year_name`, `hour`, `kind`, `source`, `amount_piastres`, `receipts`)
  SELECT f.`academic_year_name`, substr(NEW.`paid_at`, 1, 13), NEW.`kind`,
    CASE WHEN NEW.`source` = 'desk' THEN 'desk' ELSE coalesce(NEW.`method`, 'online') END, NEW.`amount_piastres`, 1
  FROM `fee_records` f WHERE f.`id` = NEW.`fee_record_id`
  ON CONFLICT (`academic_year_name`, `hour`, `kind`, `source`) DO UPDATE SET
    `amount_piastres` = `amount_piastres` + excluded.`amount_piastres`, `receipts` = `receipts` + excluded.`receipts`;
END;--> statement-breakpoint
CREATE TRIGGER `report_receipt_hours_ad` AFTER DELETE ON `payments` BEGIN
  INSERT INTO `report_receipt_hours` (`academic_year_name`, `hour`, `kind`, `source`, `amount_piastres`, `receipts`)
  SELECT f.`academic_year_name`, substr(OLD.`paid_at`, 1, 13), OLD.`kind`,
    CASE WHEN OLD.`source` = 'desk' THEN 'desk' ELSE coalesce(OLD.`method`, 'online') END, -OLD.`amount_piastres`, -1
  FROM `fee_records` f WHERE f.`id` = OLD.`fee_record_id`
  ON CONFLICT (`academic_year_name`, `hour`, `kind`, `source`) DO UPDATE SET
    `amount_piastres` = `amount_piastres` + excluded.`amount_piastres`, `receipts` = `receipts` + excluded.`receipts`;
END;--> statement-breakpoint
CREATE TRIGGER `report_receipt_hours_au`
AFTER UPDATE OF `fee_record_id`, `paid_at`, `amount_piastres`, `kind`, `source`, `method` ON `payments` BEGIN
  INSERT INTO `report_receipt_hours` (`academic_year_name`, `hour`, `kind`, `source`, `amount_piastres`, `receipts`)
  SELECT f.`academic_year_name`, substr(OLD.`paid_at`, 1, 13), OLD.`kind`,
    CASE WHEN OLD.`source` = 'desk' THEN 'desk' ELSE coalesce(OLD.`method`, 'online') END, -OLD.`amount_piastres`, -1
  FROM `fee_records` f WHERE f.`id` = OLD.`fee_record_id`
  ON CONFLICT (`academic_year_name`, `hour`, `kind`, `source`) DO UPDATE SET
    `amount_piastres` = `amount_piastres` + excluded.`amount_piastres`, `receipts` = `receipts` + excluded.`receipts`;
  INSERT INTO `report_receipt_hours` (`academic_year_name`, `hour`, `kind`, `source`, `amount_piastres`, `receipts`)
  SELECT f.`academic_year_name`, substr(NEW.`paid_at`, 1, 13), NEW.`kind`,
    CASE WHEN NEW.`source` = 'desk' THEN 'desk' ELSE coalesce(NEW.`method`, 'online') END, NEW.`amount_piastres`, 1
  FROM `fee_records` f WHERE f.`id` = NEW.`fee_record_id`
  ON CONFLICT (`academic_year_name`, `hour`, `kind`, `source`) DO UPDATE SET
    `amount_piastres` = `amount_piastres` + excluded.`amount_piastres`, `receipts` = `receipts` + excluded.`receipts`;
END;--> statement-breakpoint
CREATE TRIGGER `report_receipt_hours_year_au` AFTER UPDATE OF `academic_year_name` ON `fee_records`
WHEN OLD.`academic_year_name` IS NOT NEW.`academic_year_name` BEGIN
  INSERT INTO `report_receipt_hours` (`academic_year_name`, `hour`, `kind`, `source`, `amount_piastres`, `receipts`)
  SELECT y.`name`, substr(p.`paid_at`, 1, 13), p.`kind`,
    CASE WHEN p.`source` = 'desk' THEN 'desk' ELSE coalesce(p.`method`, 'online') END,
    y.`sign` * sum(p.`amount_piastres`), y.`sign` * count(*)
  FROM `payments` p, (SELECT OLD.`academic_year_name` AS `name`, -1 AS `sign`
    UNION ALL SELECT NEW.`academic_year_name`, 1) y
  WHERE p.`fee_record_id` = NEW.`id` GROUP BY 1, 2, 3, 4
  ON CONFLICT (`academic_year_name`, `hour`, `kind`, `source`) DO UPDATE SET
    `amount_piastres` = `amount_piastres` + excluded.`amount_piastres`, `receipts` = `receipts` + excluded.`receipts`;
END;--> statement-breakpoint
-- 4. Marks: every insert, delete and change of a mark moves its term's percent, and its result's figures.
CREATE TRIGGER `report_mark_percents_ai` AFTER INSERT ON `result_subject_scores` BEGIN
  INSERT INTO `report_mark_percents` (`academic_year_name`, `semester`, `subject_name`, `percent`, `marks`)
  SELECT r.`academic_year_name`, r.`semester`, NEW.`subject_name`,
    CASE WHEN NEW.`absent` = 1 THEN -1 ELSE (NEW.`score_hundredths` * 100) / NEW.`max_score_hundredths` END, 1
  FROM `results` r WHERE r.`id` = NEW.`result_id`
  ON CONFLICT (`academic_year_name`, `semester`, `subject_name`, `percent`) DO UPDATE SET
    `marks` = `marks` + excluded.`marks`;
  UPDATE `results` SET
    `present_marks` = `present_marks` + (NEW.`absent` = 0), `absent_marks` = `absent_marks` + (NEW.`absent` = 1),
    `lowest_percent` = CASE WHEN NEW.`absent` = 1 THEN `lowest_percent`
      ELSE min(coalesce(`lowest_percent`, 101), (NEW.`score_hundredths` * 100) / NEW.`max_score_hundredths`) END
  WHERE `id` = NEW.`result_id`;
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_percents_ad` AFTER DELETE ON `result_subject_scores` BEGIN
  INSERT INTO `report_mark_percents` (`academic_year_name`, `semester`, `subject_name`, `percent`, `marks`)
  SELECT r.`academic_year_name`, r.`semester`, OLD.`subject_name`,
    CASE WHEN OLD.`absent` = 1 THEN -1 ELSE (OLD.`score_hundredths` * 100) / OLD.`max_score_hundredths` END, -1
  FROM `results` r WHERE r.`id` = OLD.`result_id`
  ON CONFLICT (`academic_year_name`, `semester`, `subject_name`, `percent`) DO UPDATE SET
    `marks` = `marks` + excluded.`marks`;
  UPDATE `results` SET
    `present_marks` = (SELECT count(*) FROM `result_subject_scores` s WHERE s.`result_id` = `results`.`id` AND s.`absent` = 0),
    `absent_marks` = (SELECT count(*) FROM `result_subject_scores` s WHERE s.`result_id` = `results`.`id` AND s.`absent` = 1),
    `lowest_percent` = (SELECT min((s.`score_hundredths` * 100) / s.`max_score_hundredths`) FROM `result_subject_scores` s
      WHERE s.`result_id` = `results`.`id` AND s.`absent` = 0)
  WHERE `id` = OLD.`result_id`;
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_percents_au`
AFTER UPDATE OF `result_id`, `subject_name`, `score_hundredths`, `max_score_hundredths`, `absent`
ON `result_subject_scores` BEGIN
  INSERT INTO `report_mark_percents` (`academic_year_name`, `semester`, `subject_name`, `percent`, `marks`)
  SELECT r.`academic_year_name`, r.`semester`, OLD.`subject_name`,
    CASE WHEN OLD.`absent` = 1 THEN -1 ELSE (OLD.`score_hundredths` * 100) / OLD.`max_score_hundredths` END, -1
  FROM `results` r WHERE r.`id` = OLD.`result_id`
  ON CONFLICT (`academic_year_name`, `semester`, `subject_name`, `percent`) DO UPDATE SET
    `marks` = `marks` + excluded.`marks`;
  INSERT INTO `report_mark_percents` (`academic_year_name`, `semester`, `subject_name`, `percent`, `marks`)
  SELECT r.`academic_year_name`, r.`semester`, NEW.`subject_name`,
    CASE WHEN NEW.`absent` = 1 THEN -1 ELSE (NEW.`score_hundredths` * 100) / NEW.`max_score_hundredths` END, 1
  FROM `results` r WHERE r.`id` = NEW.`result_id`
  ON CONFLICT (`academic_year_name`, `semester`, `subject_name`, `percent`) DO UPDATE SET
    `marks` = `marks` + excluded.`marks`;
  UPDATE `results` SET
    `present_marks` = (SELECT count(*) FROM `result_subject_scores` s WHERE s.`result_id` = `results`.`id` AND s.`absent` = 0),
    `absent_marks` = (SELECT count(*) FROM `result_subject_scores` s WHERE s.`result_id` = `results`.`id` AND s.`absent` = 1),
    `lowest_percent` = (SELECT min((s.`score_hundredths` * 100) / s.`max_score_hundredths`) FROM `result_subject_scores` s
      WHERE s.`result_id` = `results`.`id` AND s.`absent` = 0)
  WHERE `id` IN (OLD.`result_id`, NEW.`result_id`);
END;--> statement-breakpoint
-- A result's marks leave its term before a cascade removes them (the marks' own trigger no longer finds the result).
CREATE TRIGGER `report_mark_percents_result_bd` BEFORE DELETE ON `results` BEGIN
  INSERT INTO `report_mark_percents` (`academic_year_name`, `semester`, `subject_name`, `percent`, `marks`)
  SELECT OLD.`academic_year_name`, OLD.`semester`, s.`subject_name`,
    CASE WHEN s.`absent` = 1 THEN -1 ELSE (s.`score_hundredths` * 100) / s.`max_score_hundredths` END, -count(*)
  FROM `result_subject_scores` s WHERE s.`result_id` = OLD.`id` GROUP BY 1, 2, 3, 4
  ON CONFLICT (`academic_year_name`, `semester`, `subject_name`, `percent`) DO UPDATE SET
    `marks` = `marks` + excluded.`marks`;
END;--> statement-breakpoint
CREATE TRIGGER `report_mark_percents_result_au` AFTER UPDATE OF `academic_year_name`, `semester` ON `results`
WHEN OLD.`academic_year_name` IS NOT NEW.`academic_year_name` OR OLD.`semester` IS NOT NEW.`semester` BEGIN
  INSERT INTO `report_mark_percents` (`academic_year_name`, `semester`, `subject_name`, `percent`, `marks`)
  SELECT t.`y`, t.`sem`, s.`subject_name`,
    CASE WHEN s.`absent` = 1 THEN -1 ELSE (s.`score_hundredths` * 100) / s.`max_score_hundredths` END, t.`sign` * count(*)
  FROM `result_subject_scores` s, (SELECT OLD.`academic_year_name` AS `y`, OLD.`semester` AS `sem`, -1 AS `sign`
    UNION ALL SELECT NEW.`academic_year_name`, NEW.`semester`, 1) t
  WHERE s.`result_id` = NEW.`id` GROUP BY 1, 2, 3, 4
  ON CONFLICT (`academic_year_name`, `semester`, `subject_name`, `percent`) DO UPDATE SET
    `marks` = `marks` + excluded.`marks`;
END;
