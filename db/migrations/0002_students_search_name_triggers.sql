-- students.search_name (db/schema/students.ts): full_name folded for the admin search, kept by the database.
-- The fold is foldSearchText (worker/lib/normalize.ts) in SQL: lower(), harakat U+064B-U+0652, superscript alef
-- and tatweel removed, أ/إ/آ → ا, ى → ي, ة → ه. drizzle-kit does not model triggers; if it ever rebuilds the
-- students table, re-create them (test/workers/student-search-name.test.ts fails without them).
UPDATE `students` SET `search_name` = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(`full_name`), 'ً', ''), 'ٌ', ''), 'ٍ', ''), 'َ', ''), 'ُ', ''), 'ِ', ''), 'ّ', ''), 'ْ', ''), 'ٰ', ''), 'ـ', ''), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ى', 'ي'), 'ة', 'ه');--> statement-breakpoint
CREATE TRIGGER `students_search_name_ai` AFTER INSERT ON `students` BEGIN
  UPDATE `students` SET `search_name` = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(NEW.`full_name`), 'ً', ''), 'ٌ', ''), 'ٍ', ''), 'َ', ''), 'ُ', ''), 'ِ', ''), 'ّ', ''), 'ْ', ''), 'ٰ', ''), 'ـ', ''), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ى', 'ي'), 'ة', 'ه') WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `students_search_name_au` AFTER UPDATE OF `full_name` ON `students` BEGIN
  UPDATE `students` SET `search_name` = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(NEW.`full_name`), 'ً', ''), 'ٌ', ''), 'ٍ', ''), 'َ', ''), 'ُ', ''), 'ِ', ''), 'ّ', ''), 'ْ', ''), 'ٰ', ''), 'ـ', ''), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ى', 'ي'), 'ة', 'ه') WHERE `id` = NEW.`id`;
END;
