/** Demo students: 1,200 across the admin grade list, with Egyptian national IDs that fit their grade. */
import type { students } from "../../db/schema";
import { generateNationalId } from "./national-id";
import type { Rng } from "./rng";
import {
  CHRISTIAN_FAMILY_NAMES,
  CHRISTIAN_FEMALE_NAMES,
  CHRISTIAN_MALE_NAMES,
  FAMILY_NAMES,
  FEMALE_FIRST_NAMES,
  MALE_FIRST_NAMES,
} from "./data/names";

/** A grade of the admin list with its demo head count, birth years, yearly fee (EGP) and home building. */
export interface GradeSpec {
  grade: string;
  count: number;
  birthYears: readonly number[];
  feeEgp: number;
  building: number;
}

/** The 2024-2025 grade plan (ages as of October 2024; KG-1 ≈ 4 years old). */
export const GRADE_SPECS: readonly GradeSpec[] = [
  { grade: "KG-1", count: 96, birthYears: [2020], feeEgp: 25_000, building: 1 },
  { grade: "KG-2", count: 96, birthYears: [2019], feeEgp: 25_000, building: 1 },
  { grade: "Primary-1", count: 100, birthYears: [2018], feeEgp: 32_000, building: 2 },
  { grade: "Primary-2", count: 100, birthYears: [2017], feeEgp: 33_200, building: 2 },
  { grade: "Primary-3", count: 100, birthYears: [2016], feeEgp: 34_400, building: 2 },
  { grade: "Primary-4", count: 100, birthYears: [2015], feeEgp: 35_600, building: 3 },
  { grade: "Primary-5", count: 100, birthYears: [2014], feeEgp: 36_800, building: 3 },
  { grade: "Primary-6", count: 100, birthYears: [2013], feeEgp: 38_000, building: 3 },
  { grade: "Prep-1", count: 98, birthYears: [2012], feeEgp: 42_000, building: 4 },
  { grade: "Prep-2", count: 98, birthYears: [2011], feeEgp: 44_000, building: 4 },
  { grade: "Prep-3", count: 120, birthYears: [2010], feeEgp: 46_000, building: 5 },
  { grade: "Private", count: 92, birthYears: [2008, 2009, 2010, 2011, 2012], feeEgp: 55_000, building: 6 },
];

/** A student insert row whose `id` is assigned by the seeder. */
export type StudentRow = typeof students.$inferInsert & { id: number; isActive: boolean; gender: "male" | "female" };

const GOVERNORATE_WEIGHTS: readonly (readonly [string, number])[] = [
  ["01", 34],
  ["21", 24],
  ["02", 9],
  ["14", 9],
  ["12", 2],
  ["13", 2],
  ["16", 2],
  ["17", 2],
  ["18", 2],
  ["03", 1],
  ["04", 1],
  ["11", 1],
  ["15", 1],
  ["19", 1],
  ["22", 1],
  ["23", 1],
  ["24", 1],
  ["25", 1],
  ["26", 1],
  ["27", 0.5],
  ["28", 0.5],
  ["29", 0.5],
  ["31", 0.3],
  ["32", 0.2],
  ["33", 0.2],
  ["34", 0.2],
  ["35", 0.2],
  ["88", 2],
];

const NATIONALITY_WEIGHTS: readonly (readonly [string, number])[] = [
  ["Egyptian", 95],
  ["Sudanese", 1.5],
  ["Syrian", 1.5],
  ["Palestinian", 1],
  ["Jordanian", 0.5],
  ["Saudi", 0.5],
];

const RELIGION_WEIGHTS: readonly (readonly [string | null, number])[] = [
  ["Muslim", 88],
  ["Christian", 10],
  [null, 2],
];

function fullName(rng: Rng, gender: "male" | "female", christian: boolean): string {
  const firsts =
    gender === "male"
      ? christian
        ? CHRISTIAN_MALE_NAMES
        : MALE_FIRST_NAMES
      : christian
        ? CHRISTIAN_FEMALE_NAMES
        : FEMALE_FIRST_NAMES;
  const fathers = christian ? CHRISTIAN_MALE_NAMES : MALE_FIRST_NAMES;
  const families = christian ? CHRISTIAN_FAMILY_NAMES : FAMILY_NAMES;
  const first = rng.pick(firsts);
  let father = rng.pick(fathers);
  while (father === first) father = rng.pick(fathers);
  let family = rng.pick(families);
  while (family === father) family = rng.pick(families);
  return `${first} ${father} ${family}`;
}

function birthDate(rng: Rng, years: readonly number[]): string {
  const year = rng.pick(years);
  const start = Date.UTC(year, 0, 1);
  const days = Math.round((Date.UTC(year + 1, 0, 1) - start) / 86_400_000);
  return new Date(start + rng.int(0, days - 1) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Builds the students grade by grade (order of GRADE_SPECS). Ids are `baseId + 1 ..`; `student_no` is a unique
 * national ID with century digit 3. About 5% are inactive. Deterministic for a given Rng state.
 */
export function buildStudents(rng: Rng, baseId: number): StudentRow[] {
  const rows: StudentRow[] = [];
  const usedIds = new Set<string>();
  for (const spec of GRADE_SPECS) {
    for (let i = 0; i < spec.count; i++) {
      const gender = rng.chance(0.5) ? "male" : "female";
      const religion = rng.weighted(RELIGION_WEIGHTS);
      const nationality = rng.weighted(NATIONALITY_WEIGHTS);
      const name = fullName(rng, gender, religion === "Christian");
      const born = birthDate(rng, spec.birthYears);
      const governorate = rng.weighted(GOVERNORATE_WEIGHTS);
      let studentNo = generateNationalId({ birthDate: born, governorate, gender, seq: rng.int(0, 4999) });
      while (usedIds.has(studentNo)) {
        studentNo = generateNationalId({ birthDate: born, governorate, gender, seq: rng.int(0, 4999) });
      }
      usedIds.add(studentNo);
      const buildingNo = rng.chance(0.85) ? spec.building : rng.int(1, 6);
      rows.push({
        id: baseId + rows.length + 1,
        studentNo,
        fullName: name,
        nationality,
        religion,
        currentGrade: spec.grade,
        buildingNo,
        gender,
        isActive: !rng.chance(0.05),
      });
    }
  }
  return rows;
}

/** The four students the demo and the e2e tests look up (all active Prep-3). */
export interface SampleStudents {
  resultsFound: StudentRow;
  feesUnpaid: StudentRow;
  resultsNotPublished: StudentRow;
  canChooseTeachers: StudentRow;
}

/** Picks the sample students by fixed position among the active Prep-3 students. */
export function pickSamples(rows: readonly StudentRow[]): SampleStudents {
  const prep3 = rows.filter((s) => s.currentGrade === "Prep-3" && s.isActive);
  if (prep3.length < 4) throw new Error("seed: not enough active Prep-3 students for the samples");
  return { resultsFound: prep3[0], feesUnpaid: prep3[1], resultsNotPublished: prep3[2], canChooseTeachers: prep3[3] };
}
