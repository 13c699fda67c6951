/**
 * Subject names in each language, keyed by the English name a result stores (worker/lib/subjects.ts): the one
 * dictionary behind `results.subjects` and `publicResults.subjects`, the import's Arabic headers and the printed
 * documents, so a subject reads the same everywhere. The public card may also carry a school's own subjects (Arabic,
 * Religious Education); a name not listed is shown as stored.
 */
import type { ResultSubject } from "@worker/lib/subjects";

const ar = {
  Mathematics: "الرياضيات",
  English: "اللغة الإنجليزية",
  Science: "العلوم",
  History: "التاريخ",
  Geography: "الجغرافيا",
  Physics: "الفيزياء",
  Chemistry: "الكيمياء",
  Biology: "الأحياء",
  "Computer Science": "الحاسب الآلي",
  Literature: "الأدب",
  Economics: "الاقتصاد",
  Art: "التربية الفنية",
  Music: "التربية الموسيقية",
  "Physical Education": "التربية البدنية",
  Arabic: "اللغة العربية",
  "Religious Education": "التربية الدينية",
} satisfies Record<ResultSubject, string> & Record<string, string>;

type SubjectName = keyof typeof ar;

/** English names are the keys themselves. */
const en = Object.fromEntries(Object.keys(ar).map((name) => [name, name])) as Record<SubjectName, string>;

export const SUBJECT_NAMES: { ar: Record<SubjectName, string>; en: Record<SubjectName, string> } = { ar, en };
