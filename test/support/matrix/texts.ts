/**
 * Texts for the state matrix: real-looking Arabic and English names and sentences, cut to an exact length (the
 * longest each field accepts: 200-character student names, 255-character news titles, 100-character subject
 * names…), so that layouts meet what a school may really type.
 */

const AR_NAMES = [
  "محمد",
  "عبد الرحمن",
  "أحمد",
  "مصطفى",
  "إبراهيم",
  "عبد العزيز",
  "السيد",
  "الشربيني",
  "الدمرداش",
  "حسن",
  "محمود",
  "يوسف",
  "فاطمة الزهراء",
  "عبد الله",
  "المنشاوي",
];
const EN_NAMES = [
  "Mohamed",
  "Abdelrahman",
  "Ahmed",
  "Mostafa",
  "Ibrahim",
  "Abdelaziz",
  "El-Sayed",
  "El-Sherbiny",
  "El-Demerdash",
  "Hassan",
  "Mahmoud",
  "Youssef",
  "Fatma",
  "Abdullah",
  "El-Menshawy",
];
const AR_WORDS =
  "أعلنت إدارة المدرسة عن بدء التسجيل في الأنشطة الصيفية والمسابقات العلمية لجميع المراحل الدراسية مع مراعاة مواعيد الامتحانات".split(
    " ",
  );
const EN_WORDS =
  "The school office announces that registration for the summer activities and science competitions is open to every stage".split(
    " ",
  );

export type TextLang = "ar" | "en";

/** `words` from `offset` on, cycled and joined with spaces, cut to exactly `length` characters (no edge spaces). */
export function fitWords(words: readonly string[], length: number, offset = 0): string {
  let s = "";
  for (let i = offset; s.length < length + 1; i++) s += (s ? " " : "") + words[i % words.length];
  s = s.slice(0, length);
  return s.endsWith(" ") ? `${s.slice(0, -1)}x` : s;
}

/** A person's name of exactly `length` characters; `seed` varies the order. */
export function personName(lang: TextLang, length: number, seed: number): string {
  return fitWords(lang === "ar" ? AR_NAMES : EN_NAMES, length, seed);
}

/** A sentence of exactly `length` characters. */
export function sentence(lang: TextLang, length: number, seed = 0): string {
  return fitWords(lang === "ar" ? AR_WORDS : EN_WORDS, length, seed);
}

/** An ordinary short name (three parts), as most of a school's list looks. */
export function shortName(lang: TextLang, seed: number): string {
  const names = lang === "ar" ? AR_NAMES : EN_NAMES;
  return [names[seed % names.length], names[(seed * 7 + 3) % names.length], names[(seed * 11 + 5) % names.length]].join(
    " ",
  );
}

/** A long link, as news articles carry: one unbreakable run of about 150 characters. */
export const LONG_URL =
  "https://www.elite-schools.edu.eg/news/2025-2026/announcements/summer-activities-and-science-competitions-registration-form-for-all-stages?ref=home&lang=ar";

/** A news body: paragraphs of `length` characters each, with the long link in the second one. */
export function newsContent(lang: TextLang, paragraphs: number, length: number): string {
  return Array.from({ length: paragraphs }, (_, i) =>
    i === 1 ? `${sentence(lang, length, i)} ${LONG_URL}` : sentence(lang, length, i),
  ).join("\n\n");
}
