/**
 * Egyptian national ID numbers (14 digits), used as `students.student_no` in the demo data.
 *
 * Layout (1-based digit positions):
 *   1       century: 2 = born 1900-1999, 3 = born 2000-2099
 *   2-7     birth date YYMMDD
 *   8-9     governorate of birth (see GOVERNORATES; 88 = born abroad)
 *   10-13   serial; digit 13 is odd for male, even for female
 *   14      check digit
 *
 * Check digit: the Civil Status Organization does not publish its algorithm. We use the weighted mod-11 scheme
 * that is commonly documented for it: weights [2,7,6,5,4,3,2,7,6,5,4,3,2] over digits 1-13,
 * check = (11 - (sum % 11)) % 10   (a remainder of 0 gives 11 → 1, a remainder of 1 gives 10 → 0).
 * Generator and validator agree on this formula. Real-world IDs are not guaranteed to satisfy it, so do not use
 * `parseNationalId` to reject input typed by users; it is meant for the demo data and its tests.
 */

/** A governorate of birth: two-digit code, English and Arabic names. */
export interface Governorate {
  code: string;
  name: string;
  nameAr: string;
}

/** The real governorate codes of the Egyptian national ID (digits 8-9). */
export const GOVERNORATES: readonly Governorate[] = [
  { code: "01", name: "Cairo", nameAr: "القاهرة" },
  { code: "02", name: "Alexandria", nameAr: "الإسكندرية" },
  { code: "03", name: "Port Said", nameAr: "بورسعيد" },
  { code: "04", name: "Suez", nameAr: "السويس" },
  { code: "11", name: "Damietta", nameAr: "دمياط" },
  { code: "12", name: "Dakahlia", nameAr: "الدقهلية" },
  { code: "13", name: "Sharqia", nameAr: "الشرقية" },
  { code: "14", name: "Qalyubia", nameAr: "القليوبية" },
  { code: "15", name: "Kafr El Sheikh", nameAr: "كفر الشيخ" },
  { code: "16", name: "Gharbia", nameAr: "الغربية" },
  { code: "17", name: "Monufia", nameAr: "المنوفية" },
  { code: "18", name: "Beheira", nameAr: "البحيرة" },
  { code: "19", name: "Ismailia", nameAr: "الإسماعيلية" },
  { code: "21", name: "Giza", nameAr: "الجيزة" },
  { code: "22", name: "Beni Suef", nameAr: "بني سويف" },
  { code: "23", name: "Fayoum", nameAr: "الفيوم" },
  { code: "24", name: "Minya", nameAr: "المنيا" },
  { code: "25", name: "Asyut", nameAr: "أسيوط" },
  { code: "26", name: "Sohag", nameAr: "سوهاج" },
  { code: "27", name: "Qena", nameAr: "قنا" },
  { code: "28", name: "Aswan", nameAr: "أسوان" },
  { code: "29", name: "Luxor", nameAr: "الأقصر" },
  { code: "31", name: "Red Sea", nameAr: "البحر الأحمر" },
  { code: "32", name: "New Valley", nameAr: "الوادي الجديد" },
  { code: "33", name: "Matrouh", nameAr: "مطروح" },
  { code: "34", name: "North Sinai", nameAr: "شمال سيناء" },
  { code: "35", name: "South Sinai", nameAr: "جنوب سيناء" },
  { code: "88", name: "Born abroad", nameAr: "خارج الجمهورية" },
];

const GOVERNORATE_CODES = new Set(GOVERNORATES.map((g) => g.code));
const WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

export type NationalIdGender = "male" | "female";

/** Input of `generateNationalId`. */
export interface NationalIdInput {
  /** Birth date: a Date (its UTC calendar day is used) or "YYYY-MM-DD"; year 1900-2099. */
  birthDate: Date | string;
  /** Two-digit governorate code from GOVERNORATES, e.g. "01" (Cairo). */
  governorate: string;
  gender: NationalIdGender;
  /**
   * The n-th serial for this gender, 0..4999. Digits 10-12 = floor(seq / 5) and digit 13 =
   * 2 × (seq % 5) + 1 for male, 2 × (seq % 5) for female, so every seq maps to a distinct serial.
   */
  seq: number;
}

/** What `parseNationalId` reads back: birth date "YYYY-MM-DD", governorate code, gender. */
export interface ParsedNationalId {
  birthDate: string;
  governorateCode: string;
  gender: NationalIdGender;
}

/** Check digit (0-9) for the first 13 digits, formula in the module docstring. */
export function nationalIdCheckDigit(first13: string): number {
  if (!/^\d{13}$/.test(first13)) throw new Error("nationalIdCheckDigit: expected 13 digits");
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(first13[i]) * WEIGHTS[i];
  return (11 - (sum % 11)) % 10;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

function toYmd(birthDate: Date | string): { y: number; m: number; d: number } {
  if (birthDate instanceof Date) {
    return { y: birthDate.getUTCFullYear(), m: birthDate.getUTCMonth() + 1, d: birthDate.getUTCDate() };
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!match) throw new Error(`generateNationalId: bad birthDate ${birthDate}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

function isRealDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** Builds a structurally valid 14-digit national ID string. Throws on an invalid date, governorate or seq. */
export function generateNationalId({ birthDate, governorate, gender, seq }: NationalIdInput): string {
  const { y, m, d } = toYmd(birthDate);
  if (y < 1900 || y > 2099 || !isRealDate(y, m, d))
    throw new Error(`generateNationalId: bad birth date ${y}-${m}-${d}`);
  if (!GOVERNORATE_CODES.has(governorate)) throw new Error(`generateNationalId: unknown governorate ${governorate}`);
  if (!Number.isInteger(seq) || seq < 0 || seq > 4999) throw new Error(`generateNationalId: seq ${seq} not in 0..4999`);
  const century = y >= 2000 ? 3 : 2;
  const genderDigit = 2 * (seq % 5) + (gender === "male" ? 1 : 0);
  const first13 = `${century}${pad(y % 100, 2)}${pad(m, 2)}${pad(d, 2)}${governorate}${pad(Math.floor(seq / 5), 3)}${genderDigit}`;
  return first13 + nationalIdCheckDigit(first13);
}

/**
 * Validates and decodes a national ID. Returns null unless it is 14 digits with century 2 or 3, a real
 * calendar date, a known governorate code and a matching check digit. Gender comes from digit 13.
 */
export function parseNationalId(id: string): ParsedNationalId | null {
  if (typeof id !== "string" || !/^\d{14}$/.test(id)) return null;
  const century = id[0];
  if (century !== "2" && century !== "3") return null;
  const y = (century === "2" ? 1900 : 2000) + Number(id.slice(1, 3));
  const m = Number(id.slice(3, 5));
  const d = Number(id.slice(5, 7));
  if (!isRealDate(y, m, d)) return null;
  const governorateCode = id.slice(7, 9);
  if (!GOVERNORATE_CODES.has(governorateCode)) return null;
  if (nationalIdCheckDigit(id.slice(0, 13)) !== Number(id[13])) return null;
  return {
    birthDate: `${y}-${pad(m, 2)}-${pad(d, 2)}`,
    governorateCode,
    gender: Number(id[12]) % 2 === 1 ? "male" : "female",
  };
}
