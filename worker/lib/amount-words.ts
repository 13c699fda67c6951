/**
 * An EGP amount in Arabic words for receipts (docs/product.md#printing): "ألف ومئتان وخمسون جنيهًا".
 *
 * The number words come from `n2words` (ar-SA cardinals, masculine); this module adds only what the library's
 * currency form lacks for the Egyptian pound: the counted noun in the form Arabic grammar asks for after the number
 * (docs/decisions/0026-amount-in-arabic-words.md has the comparison of three libraries against the grammar table
 * in test/unit/amount-words.test.ts):
 * - 1 → "جنيه واحد", 2 → "جنيهان" (the noun alone, with "one" as an adjective; the dual needs no number);
 * - last two digits 3-10 → plural genitive "جنيهات" / "قروش";
 * - last two digits 11-99 → singular accusative "جنيهًا" / "قرشًا";
 * - otherwise (0, whole hundreds, thousands, millions, and 101/102 as written on cheques) → singular "جنيه" / "قرش";
 * - a dual directly before a noun is a construct and loses its nūn: 200 → "مئتا جنيه", 200,000 → "مئتا ألف".
 * Spelling is the modern one (مئة, not مائة) and tanwīn is written on the letter before alif ("جنيهًا").
 */
import { toCardinal } from "n2words/ar-SA";
import { egpToPiastres } from "../money";

interface Noun {
  singular: string;
  dual: string;
  plural: string;
  accusative: string;
}

const POUND: Noun = { singular: "جنيه", dual: "جنيهان", plural: "جنيهات", accusative: "جنيهًا" };
const PIASTRE: Noun = { singular: "قرش", dual: "قرشان", plural: "قروش", accusative: "قرشًا" };

/** The library's words in the spelling this product prints (مئة; tanwīn before the alif). */
function spell(words: string): string {
  return words.replace(/مائة/g, "مئة").replace(/مائت/g, "مئت").replace(/اً/g, "ًا");
}

/** `n` (a whole number ≥ 0) followed by `noun` in the form the grammar rules above require. */
function counted(n: number, noun: Noun): string {
  if (n === 1) return `${noun.singular} واحد`;
  if (n === 2) return noun.dual;
  const words = spell(toCardinal(n));
  const lastTwo = n % 100;
  if (lastTwo >= 3 && lastTwo <= 10) return `${words} ${noun.plural}`;
  if (lastTwo >= 11) return `${words} ${noun.accusative}`;
  // A dual (مئتان، ألفان، مليونان) right before its noun is in construct: the final nūn drops.
  return `${words} ${noun.singular}`.replace(/(مئتا|ألفا|مليونا)ن (?=ألف|مليون|جنيه|قرش)/g, "$1 ");
}

/**
 * `egp` (0 … 10,000,000, at most 2 decimals) in Arabic words: pounds, then " و" and piastres when there are any;
 * 0 → "صفر جنيه", 0.5 → "خمسون قرشًا". Throws RangeError on a negative, non-finite or too precise amount.
 */
export function amountInArabicWords(egp: number): string {
  if (!Number.isFinite(egp) || egp < 0) throw new RangeError(`amount must be a finite number ≥ 0, got ${egp}`);
  const piastresTotal = egpToPiastres(egp);
  if (Math.abs(piastresTotal - egp * 100) > 1e-6 * Math.max(1, egp))
    throw new RangeError(`amount has more than 2 decimals: ${egp}`);
  const pounds = Math.floor(piastresTotal / 100);
  const piastres = piastresTotal % 100;
  if (piastres === 0) return pounds === 0 ? `صفر ${POUND.singular}` : counted(pounds, POUND);
  if (pounds === 0) return counted(piastres, PIASTRE);
  return `${counted(pounds, POUND)} و${counted(piastres, PIASTRE)}`;
}
