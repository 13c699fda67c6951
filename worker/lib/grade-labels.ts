/**
 * Reading a grade wherever one is typed or read back (docs/product.md#accepted-grade-labels): the list's own names
 * ("Prep-1", any case, with a space, "_" or nothing for the "-"), every label the product itself writes (the
 * Arabic console's names "الصف الأول الإعدادي", "رياض الأطفال 1", the printed ones with Arabic-Indic digits), and
 * what offices type: a stage and a number in either order, the number as a digit (Western or Arabic-Indic) or an
 * ordinal word, masculine or feminine ("أولى ابتدائي", "ثالثة إعدادي"), colloquial ت for ث ("تالتة"), with or
 * without "ال", hamza and "الصف", the kindergarten's forms ("رياض أطفال أولى", "KG 2", "كي جي ١") and English
 * ("3rd prep", "Primary Four"). A text naming anything else, two numbers or two stages, or a number outside its
 * stage (KG 3, رابعة إعدادي) names no grade. Dependency-free: the zod schemas, the import and the console share it.
 */
import { foldSearchText } from "./normalize";
import type { Grade } from "./school-grades";

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

type Stage = "KG" | "Primary" | "Prep";

/** The highest number of each stage. */
const STAGE_SIZE: Record<Stage, number> = { KG: 2, Primary: 6, Prep: 3 };

/** Words read, after `tokens` folded them (ث → ت, ة → ه, ئ → ي, no "ال"), each a stage, a number or nothing. */
const WORDS = new Map<string, Stage | number | null>([
  // Words around a grade that name nothing: "الصف", "سنة", "المرحلة", "Grade 3", "3rd".
  ...["صف", "سنه", "مرحله", "مستوي", "grade", "year", "class", "level", "st", "nd", "rd", "th"].map(
    (w) => [w, null] as const,
  ),
  ...["kg", "kindergarten", "رياض", "اطفال", "روضه", "كيجي"].map((w) => [w, "KG"] as const),
  ...["primary", "prim", "elementary", "ابتدايي", "ابتداييه"].map((w) => [w, "Primary"] as const),
  ...["prep", "preparatory", "اعدادي", "اعداديه"].map((w) => [w, "Prep"] as const),
  ...(
    [
      [1, ["اول", "اولي", "اوله", "first", "one"]],
      [2, ["تاني", "تانيه", "second", "two"]],
      [3, ["تالت", "تالته", "third", "three"]],
      [4, ["رابع", "رابعه", "fourth", "four"]],
      [5, ["خامس", "خامسه", "fifth", "five"]],
      [6, ["سادس", "سادسه", "sixth", "six"]],
    ] as const
  ).flatMap(([n, words]) => words.map((w) => [w, n] as const)),
]);

/** The words of a grade's text: search folding, then ث → ت, ئ → ي, ؤ → و, digits apart from letters, no "ال". */
function tokens(text: string): string[] {
  const folded = foldSearchText(text)
    .replaceAll("ث", "ت")
    .replaceAll("ئ", "ي")
    .replaceAll("ؤ", "و")
    .replace(/[-_.,،/\\()–—:]+/g, " ")
    .replace(/(\d+)/g, " $1 ")
    .replace(/(^|\s)k\s+g(?=\s|$)/g, "$1kg")
    .replace(/كي\s*جي/g, "كيجي");
  return folded
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.startsWith("ال") ? w.slice(2) : w));
}

/**
 * The grade a text names (docs/product.md#accepted-grade-labels): "Prep-1", "prep 1", "الصف الأول الإعدادي",
 * "ثالثة إعدادي", "3 إعدادي", "تالتة اعدادي", "رياض أطفال أولى", "KG 2", "رياض الأطفال ١" …; undefined when it
 * names none.
 */
export function parseGrade(text: string): Grade | undefined {
  const words = tokens(text);
  if (words.length === 1 && (words[0] === "خاص" || words[0] === "private")) return "Private";
  let stage: Stage | undefined;
  let n: number | undefined;
  for (const w of words) {
    const digit = /^\d+$/.test(w) ? Number(w) : undefined;
    const meaning = digit ?? WORDS.get(w);
    if (meaning === undefined) return undefined;
    if (meaning === null) continue;
    if (typeof meaning === "number") {
      if (n !== undefined && n !== meaning) return undefined;
      n = meaning;
    } else {
      if (stage !== undefined && stage !== meaning) return undefined;
      stage = meaning;
    }
  }
  if (!stage || n === undefined || n < 1 || n > STAGE_SIZE[stage]) return undefined;
  return `${stage}-${n}` as Grade;
}
