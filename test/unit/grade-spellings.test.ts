/**
 * Grade spellings offices type (docs/product.md#accepted-grade-labels): ordinals in words, masculine or feminine,
 * with or without "ال" and hamza, colloquial ت for ث, Western or Arabic-Indic digits, the stage before or after the
 * number, and the kindergarten's forms ("رياض أطفال أولى", "KG 2", "كي جي ١"); a property over generated variants
 * of every grade, and what stays refused (an ordinal out of its stage, a number without a stage).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GRADES, type Grade } from "../../worker/lib/school-grades";
import { GRADE_LABELS_AR, parseGrade } from "../../worker/lib/grade-labels";
import { autoMapping, buildRows } from "../../web/features/import/admin/sheet-rows";
import { gradeReadings } from "../../web/features/import/admin/grade-readings";
import ar from "../../web/i18n/ar";
import en from "../../web/i18n/en";

describe("spellings offices type", () => {
  it.each<[string, Grade]>([
    ["ثالثة إعدادي", "Prep-3"],
    ["3 إعدادي", "Prep-3"],
    ["٣ إعدادي", "Prep-3"],
    ["تالتة اعدادي", "Prep-3"],
    ["تالته اعدادى", "Prep-3"],
    ["الثالث الإعدادي", "Prep-3"],
    ["الصف الثالث الاعدادي", "Prep-3"],
    ["إعدادي ثالث", "Prep-3"],
    ["3/إعدادي", "Prep-3"],
    ["3إعدادي", "Prep-3"],
    ["سنة تالتة إعدادي", "Prep-3"],
    ["الصف الثالث المرحلة الإعدادية", "Prep-3"],
    ["أولى ابتدائي", "Primary-1"],
    ["اولي ابتدائي", "Primary-1"],
    ["الأولى الابتدائية", "Primary-1"],
    ["تانية ابتدائي", "Primary-2"],
    ["الصف السادس الابتدائى", "Primary-6"],
    ["6 ابتدائي", "Primary-6"],
    ["رياض أطفال أولى", "KG-1"],
    ["رياض اطفال تانية", "KG-2"],
    ["روضة أولى", "KG-1"],
    ["كي جي 2", "KG-2"],
    ["KG 2", "KG-2"],
    ["K.G.1", "KG-1"],
    ["kg-one", "KG-1"],
    ["3rd prep", "Prep-3"],
    ["Third Preparatory", "Prep-3"],
    ["prep. 2", "Prep-2"],
    ["Primary Four", "Primary-4"],
    ["Grade 4 Primary", "Primary-4"],
    ["خاص", "Private"],
    ["PRIVATE", "Private"],
  ])("%s → %s", (text, grade) => expect(parseGrade(text)).toBe(grade));

  it.each([
    "رابعة إعدادي",
    "7 ابتدائي",
    "KG 3",
    "رياض أطفال تالتة",
    "الصف الأول",
    "3",
    "Grade 9",
    "إعدادي",
    "أولى ثانية إعدادي",
    "أولى إعدادي ابتدائي",
    "خاص 1",
    "الصف العاشر",
    "3 إعدادي ب",
  ])("%s stays unknown", (text) => expect(parseGrade(text)).toBeUndefined());
});

/** Every canonical grade with its stage and number, to build variants from. */
const PARTS: Record<Exclude<Grade, "Private">, { stage: "kg" | "primary" | "prep"; n: number }> = {
  "KG-1": { stage: "kg", n: 1 },
  "KG-2": { stage: "kg", n: 2 },
  "Primary-1": { stage: "primary", n: 1 },
  "Primary-2": { stage: "primary", n: 2 },
  "Primary-3": { stage: "primary", n: 3 },
  "Primary-4": { stage: "primary", n: 4 },
  "Primary-5": { stage: "primary", n: 5 },
  "Primary-6": { stage: "primary", n: 6 },
  "Prep-1": { stage: "prep", n: 1 },
  "Prep-2": { stage: "prep", n: 2 },
  "Prep-3": { stage: "prep", n: 3 },
};

const ORDINALS_AR: Record<number, string[]> = {
  1: ["أول", "أولى", "اول", "اولى", "الأول", "الأولى", "اولي"],
  2: ["ثاني", "ثانية", "تاني", "تانية", "الثاني", "الثانية", "تانيه", "ثانى"],
  3: ["ثالث", "ثالثة", "تالت", "تالتة", "الثالث", "الثالثة", "تالته"],
  4: ["رابع", "رابعة", "الرابع", "الرابعة"],
  5: ["خامس", "خامسة", "الخامس", "الخامسة"],
  6: ["سادس", "سادسة", "السادس", "السادسة"],
};
const ORDINALS_EN: Record<number, string[]> = {
  1: ["first", "1st", "one"],
  2: ["second", "2nd", "two"],
  3: ["third", "3rd", "three"],
  4: ["fourth", "4th", "four"],
  5: ["fifth", "5th", "five"],
  6: ["sixth", "6th", "six"],
};
const STAGES_AR = {
  kg: ["رياض أطفال", "رياض الأطفال", "روضة", "كي جي"],
  primary: ["ابتدائي", "ابتدائى", "الابتدائي", "الإبتدائية", "إبتدائي", "ابتدائية"],
  prep: ["إعدادي", "اعدادي", "اعدادى", "الإعدادي", "الاعدادية", "إعدادية"],
};
const STAGES_EN = {
  kg: ["KG", "kg", "K.G.", "Kindergarten"],
  primary: ["Primary", "primary"],
  prep: ["Prep", "Preparatory"],
};
const arabicIndic = (n: number) => String.fromCharCode(0x0660 + n);

/** A variant of `grade` as an office might type it: words or digits, either order, "الصف" or not, odd spacing. */
const variant = (grade: Exclude<Grade, "Private">) => {
  const { stage, n } = PARTS[grade];
  const number = fc.oneof(
    fc.constantFrom(...ORDINALS_AR[n]!, String(n), arabicIndic(n)),
    fc.constantFrom(...ORDINALS_EN[n]!),
  );
  return fc
    .record({
      number,
      stage: fc.constantFrom(...STAGES_AR[stage], ...STAGES_EN[stage]),
      numberFirst: fc.boolean(),
      prefix: fc.constantFrom("", "الصف ", "صف ", "Grade ", "سنة "),
      gap: fc.constantFrom(" ", "  ", "-", " - ", "_", "/"),
      tatweel: fc.boolean(),
    })
    .map((v) => {
      const [a, b] = v.numberFirst ? [v.number, v.stage] : [v.stage, v.number];
      const text = `${v.prefix}${a}${v.gap}${b}`;
      return v.tatweel ? text.replace("ع", "عـ") : text;
    });
};

describe("every grade", () => {
  it("reads back from its labels in both languages (console, prints with Arabic-Indic digits)", () => {
    for (const g of GRADES) {
      const labels = [
        g,
        GRADE_LABELS_AR[g],
        (ar.admin.grades as Record<string, string>)[g]!,
        (en.admin.grades as Record<string, string>)[g]!,
        GRADE_LABELS_AR[g].replace(/\d/g, (d) => arabicIndic(Number(d))),
        g.toLowerCase().replace("-", " "),
      ];
      for (const label of labels) expect(parseGrade(label), label).toBe(g);
    }
  });

  it("reads back from any generated variant (property)", () => {
    const grades = Object.keys(PARTS) as Array<Exclude<Grade, "Private">>;
    fc.assert(
      fc.property(
        fc.constantFrom(...grades).chain((g) => variant(g).map((text) => [g, text] as const)),
        ([g, text]) => parseGrade(text) === g,
      ),
      { numRuns: 2_000 },
    );
  });

  it("never reads a number outside its stage (property)", () => {
    const outOfRange = fc.oneof(
      fc.record({ stage: fc.constantFrom(...STAGES_AR.kg, ...STAGES_EN.kg), n: fc.integer({ min: 3, max: 6 }) }),
      fc.record({ stage: fc.constantFrom(...STAGES_AR.prep, ...STAGES_EN.prep), n: fc.integer({ min: 4, max: 6 }) }),
    );
    fc.assert(
      fc.property(outOfRange, fc.boolean(), ({ stage, n }, words) => {
        const number = words ? ORDINALS_AR[n]![0]! : String(n);
        return parseGrade(`${number} ${stage}`) === undefined && parseGrade(`${stage} ${number}`) === undefined;
      }),
    );
  });
});

describe("the import preview", () => {
  it("lists each spelling with the grade it became, and names it on its rows (not the grade's own names)", () => {
    const table = {
      headers: ["الرقم القومي", "الصف"],
      rows: [
        ["31001310119461", "ثالثة إعدادي"],
        ["31001310119462", "3 إعدادي"],
        ["31001310119463", "ثالثة إعدادي"],
        ["31001310119464", "الصف الثالث الإعدادي"],
        ["31001310119465", "Prep-3"],
        ["31001310119466", "سابعة"],
      ],
      lines: [2, 3, 4, 5, 6, 7],
    };
    const built = buildRows("fees", table, autoMapping("fees", table.headers));
    const answer = {
      dry_run: true,
      summary: { total: 6, create: 5, update: 0, unchanged: 0, errors: 1 },
      rows: table.rows.map((r, i) => ({
        row: i + 1,
        action: i === 5 ? ("error" as const) : ("create" as const),
        key: String(r[0]),
        errors: [],
        ...(i === 5 ? {} : { grade: "Prep-3" }),
      })),
    };
    const named = (g: string) => (ar.admin.grades as Record<string, string>)[g]!;
    const out = gradeReadings("fees", answer, built, table, named);
    expect(out.spellings).toEqual([
      { text: "ثالثة إعدادي", grade: "Prep-3", count: 2 },
      { text: "3 إعدادي", grade: "Prep-3", count: 1 },
    ]);
    expect(out.rows).toEqual([
      { text: "ثالثة إعدادي", grade: "Prep-3", header: "الصف" },
      { text: "3 إعدادي", grade: "Prep-3", header: "الصف" },
      { text: "ثالثة إعدادي", grade: "Prep-3", header: "الصف" },
      null,
      null,
      null,
    ]);
  });
});
