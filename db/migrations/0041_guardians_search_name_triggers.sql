-- student_guardians.search_name (db/schema/guardians.ts): full_name folded for the office's Guardians search, kept
-- by the database with the fold of students.search_name (0002): lower(), harakat U+064B-U+0652, superscript alef and
-- tatweel removed, أ/إ/آ → ا, ى → ي, ة → ه. drizzle-kit does not model triggers; if it ever rebuilds the
-- student_guardians table, re-create them (test/workers/student-search-name.test.ts fails without them).
UPDATE `student_guardians` SET `search_name` = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(`full_name`), 'ً', ''), 'ٌ', ''), 'ٍ', ''), 'َ', ''), 'ُ', ''), 'ِ', ''), 'ّ', ''), 'ْ', ''), 'ٰ', ''), 'ـ', ''), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ى', 'ي'), 'ة', 'ه');--> statement-breakpoint
CREATE TRIGGER `student_guardians_search_name_ai` AFTER INSERT ON `student_guardians` BEGIN
  UPDATE `student_guardians` SET `search_name` = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(NEW.`full_name`), 'ً', ''), 'ٌ', ''), 'ٍ', ''), 'َ', ''), 'ُ', ''), 'ِ', ''), 'ّ', ''), 'ْ', ''), 'ٰ', ''), 'ـ', ''), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ى', 'ي'), 'ة', 'ه') WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `student_guardians_search_name_au` AFTER UPDATE OF `full_name` ON `student_guardians` BEGIN
  UPDATE `student_guardians` SET `search_name` = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(NEW.`full_name`), 'ً', ''), 'ٌ', ''), 'ٍ', ''), 'َ', ''), 'ُ', ''), 'ِ', ''), 'ّ', ''), 'ْ', ''), 'ٰ', ''), 'ـ', ''), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ى', 'ي'), 'ة', 'ه') WHERE `id` = NEW.`id`;
END;
