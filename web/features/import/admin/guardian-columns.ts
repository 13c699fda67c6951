/**
 * The students sheet's guardian columns (docs/product.md#bulk-import, #guardians-and-messages): for guardians 1-3 a
 * name, relation, mobile number, language and WhatsApp consent, named "ولي الأمر ١ - الاسم / Guardian 1 Name" in
 * the template (Arabic digits in the Arabic half; "ولي الأمر 1 - الاسم", as older templates wrote it, matches too)
 * and "Guardian 1 Name" in the Students export; the API's own names (`guardian_1_phone`) and the usual
 * office headers of a single guardian ("اسم ولي الأمر", "رقم ولي الأمر", "صلة القرابة") match too. The labels the
 * export writes (الأب / Father, العربية / English, نعم / No) become the API's values. Pure.
 */
import { GUARDIAN_CELLS, GUARDIAN_SLOTS, guardianField, type GuardianCell } from "@worker/contracts/guardian-columns";
import { foldSearchText } from "@worker/lib/normalize";
import type { ColumnSpec } from "./columns";

const HEADERS: Record<GuardianCell, { ar: string; en: string }> = {
  name: { ar: "الاسم", en: "Name" },
  relation: { ar: "الصلة", en: "Relation" },
  phone: { ar: "المحمول", en: "Phone" },
  language: { ar: "اللغة", en: "Language" },
  whatsapp_consent: { ar: "موافقة واتساب", en: "WhatsApp Consent" },
};

/** Headers of a sheet with one guardian (no number), and of numbered ones ("رقم ولي الأمر 2"). */
const SINGLE: Record<GuardianCell, string[]> = {
  name: ["اسم ولي الأمر", "ولي الأمر", "guardian name", "parent name", "guardian"],
  relation: ["صلة القرابة", "صلة ولي الأمر", "الصلة", "relation", "relationship"],
  phone: [
    "رقم ولي الأمر",
    "هاتف ولي الأمر",
    "تليفون ولي الأمر",
    "موبايل ولي الأمر",
    "محمول ولي الأمر",
    "رقم الموبايل",
    "رقم المحمول",
    "guardian phone",
    "parent phone",
    "mobile",
    "phone",
  ],
  language: ["لغة ولي الأمر", "guardian language"],
  whatsapp_consent: ["موافقة واتساب", "واتساب", "whatsapp", "whatsapp consent"],
};
const NUMBERED: Record<GuardianCell, string[]> = {
  name: ["اسم ولي الأمر {n}", "guardian {n}"],
  relation: ["صلة ولي الأمر {n}"],
  phone: ["رقم ولي الأمر {n}", "هاتف ولي الأمر {n}", "موبايل ولي الأمر {n}", "guardian {n} mobile"],
  language: ["لغة ولي الأمر {n}"],
  whatsapp_consent: ["واتساب ولي الأمر {n}", "guardian {n} whatsapp"],
};

/** The template's example guardian (the first; the others are left empty). */
const EXAMPLE: Record<GuardianCell, string> = {
  name: "محمد علي حسن",
  relation: "الأب",
  phone: "\t01001234567",
  language: "العربية",
  whatsapp_consent: "نعم",
};

/** A guardian's number in Arabic-Indic digits ("١"), as an Arabic header writes it. */
const arabicDigits = (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** The 15 guardian columns, guardian by guardian. */
export const GUARDIAN_COLUMNS: ColumnSpec[] = GUARDIAN_SLOTS.flatMap((n) =>
  GUARDIAN_CELLS.map(
    (cell): ColumnSpec => ({
      target: guardianField(n, cell),
      ar: `ولي الأمر ${arabicDigits(n)} - ${HEADERS[cell].ar}`,
      en: `Guardian ${n} ${HEADERS[cell].en}`,
      aliases: [
        guardianField(n, cell),
        // Older templates' Arabic header, with a Latin digit (folding reads it as well; listed to say so).
        `ولي الأمر ${n} - ${HEADERS[cell].ar}`,
        ...NUMBERED[cell].map((a) => a.replace("{n}", String(n))),
        ...(n === 1 ? SINGLE[cell] : []),
      ],
      example: n === 1 ? EXAMPLE[cell] : "",
    }),
  ),
);

/** The English header of a guardian cell as the Students export writes it ("Guardian 2 Phone"). */
export const guardianExportHeader = (n: number, cell: GuardianCell) => `Guardian ${n} ${HEADERS[cell].en}`;

const fold = (s: string) => foldSearchText(s).replace(/[\s_\-–—.:()'"\u0640]+/g, "");
const labels = <T>(pairs: Array<[T, string[]]>) => {
  const out = new Map<string, T>();
  for (const [value, names] of pairs) for (const name of names) out.set(fold(name), value);
  return out;
};
const RELATIONS = labels([
  ["father", ["father", "dad", "أب", "الأب", "والد", "الوالد"]],
  ["mother", ["mother", "mom", "أم", "الأم", "والدة", "الوالدة"]],
  ["guardian", ["guardian", "ولي الأمر", "ولي أمر", "وصي", "الوصي"]],
]);
const LANGUAGES = labels([
  ["ar", ["ar", "arabic", "عربي", "العربية", "اللغة العربية"]],
  ["en", ["en", "english", "إنجليزي", "الإنجليزية", "اللغة الإنجليزية"]],
]);
const CONSENT = labels([
  [true, ["yes", "true", "1", "نعم", "موافق", "موافقة", "y"]],
  [false, ["no", "false", "0", "لا", "غير موافق", "n"]],
]);

/** A guardian cell's text in the API's terms (relation, language and consent labels), else the text itself. */
export function guardianCellValue(target: string, text: string): unknown {
  const cell = /^guardian_[1-3]_(relation|language|whatsapp_consent)$/.exec(target)?.[1];
  const table = cell === "relation" ? RELATIONS : cell === "language" ? LANGUAGES : cell ? CONSENT : null;
  const value = table?.get(fold(text));
  return value === undefined ? text : value;
}
