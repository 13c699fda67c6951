/**
 * Reading a grade wherever one is typed or read back (docs/product.md#accepted-grade-labels): the list's own names
 * ("Prep-1", any case, with a space, "_" or nothing for the "-"), and every label the product itself writes: the
 * Arabic console's names ("الصف الأول الإعدادي", "رياض الأطفال 1"), the printed ones with Arabic-Indic digits
 * ("رياض الأطفال ١"), with or without "الصف", and the usual spelling variants (ة/ه, ى/ي, أ/إ/آ/ا, diacritics,
 * tatweel, Persian digits). Dependency-free: the zod schemas, the import and the console share this one parser.
 */
import { foldSearchText } from "./normalize";
import { GRADES, type Grade } from "./school-grades";

/** The Arabic name of each grade, as the console (web/i18n/ar/admin.ts `grades`) and the prints write it. */
export const GRADE_LABELS_AR: Readonly<Record<Grade, string>> = {
  "KG-1": "رياض الأطفال 1",
  "KG-2": "رياض الأطفال 2",
  "Primary-1": "الصف الأول الابتدائي",
  "Primary-2": "الصف الثاني الابتدائي",
  "Primary-3": "الصف الثالث الابتدائي",
  "Primary-4": "الصف الرابع الابتدائي",
  "Primary-5": "الصف الخامس الابتدائي",
  "Primary-6": "الصف السادس الابتدائي",
  "Prep-1": "الصف الأول الإعدادي",
  "Prep-2": "الصف الثاني الإعدادي",
  "Prep-3": "الصف الثالث الإعدادي",
  Private: "خاص",
};

/** A label folded for comparison: search folding (letters, digits, case), then no spaces, "-", "_" or ".". */
const foldGrade = (text: string) => foldSearchText(text).replace(/[\s\-_.–—]+/g, "");

/** "الصف" at the start of an Arabic label is optional ("الأول الإعدادي"). */
const withoutClass = (folded: string) => folded.replace(/^الصف/, "");

let index: Map<string, Grade> | null = null;

function gradeIndex(): Map<string, Grade> {
  if (index) return index;
  index = new Map();
  for (const g of GRADES) {
    index.set(foldGrade(g), g);
    const ar = foldGrade(GRADE_LABELS_AR[g]);
    index.set(ar, g);
    index.set(withoutClass(ar), g);
  }
  return index;
}

/**
 * The grade a text names (docs/product.md#accepted-grade-labels): "Prep-1", "prep 1", "الصف الأول الإعدادي",
 * "الصف الاول الاعدادى", "رياض الأطفال ١" …; undefined when it names none.
 */
export function parseGrade(text: string): Grade | undefined {
  const folded = foldGrade(text);
  if (!folded) return undefined;
  const map = gradeIndex();
  return map.get(folded) ?? map.get(withoutClass(folded));
}
