/**
 * Demo guardians (docs/product.md#guardians-and-messages): every student gets 1-2, usually the father first and
 * often the mother second, named after the student's own father and family; Egyptian mobiles on the four networks
 * (010 Vodafone, 011 Etisalat, 012 Orange, 015 WE: `+20 1x xxxx xxxx`, valid for libphonenumber-js), mostly Arabic,
 * and WhatsApp consent for most families, recorded by the registrar at enrolment. Drawn from their own seeded stream,
 * so the rest of the demo data is the same with or without them. No number ends in 0000 (the local provider's
 * undeliverable numbers, README).
 */
import type { studentGuardians } from "../../db/schema";
import type { StudentRow } from "./build-students";
import type { Rng } from "./rng";
import {
  CHRISTIAN_FAMILY_NAMES,
  CHRISTIAN_FEMALE_NAMES,
  CHRISTIAN_MALE_NAMES,
  FAMILY_NAMES,
  FEMALE_FIRST_NAMES,
  MALE_FIRST_NAMES,
} from "./data/names";

export type GuardianRow = typeof studentGuardians.$inferInsert;

/** Mobile prefixes by share of subscribers (rounded). */
const NETWORKS: readonly (readonly [string, number])[] = [
  ["10", 42],
  ["12", 27],
  ["11", 21],
  ["15", 10],
];

/** When consent was recorded for the demo families (enrolment for 2024-2025), and by whom. */
const ENROLMENT = "2024-09-01T07:00:00.000Z";
const RECORDED_BY = "registrar";

/** An Egyptian mobile in E.164 (`+201xxxxxxxxx`), never ending in 0000. */
export function demoMobile(rng: Rng): string {
  let rest = "";
  do rest = String(rng.int(0, 99_999_999)).padStart(8, "0");
  while (rest.endsWith("0000"));
  return `+20${rng.weighted(NETWORKS)}${rest}`;
}

/** The student's father's and family names, as `fullName` in build-students.ts writes them (first father family). */
function familyOf(s: StudentRow): { father: string; family: string } {
  const parts = s.fullName.split(" ");
  const familyNames = s.religion === "Christian" ? CHRISTIAN_FAMILY_NAMES : FAMILY_NAMES;
  // Some names have two words ("عبد الله"): the family name is the longest known tail.
  const family = familyNames.find((f) => s.fullName.endsWith(` ${f}`)) ?? parts.at(-1)!;
  const head = s.fullName.slice(0, s.fullName.length - family.length - 1);
  const males = s.religion === "Christian" ? CHRISTIAN_MALE_NAMES : MALE_FIRST_NAMES;
  const father = males.find((m) => head.endsWith(` ${m}`)) ?? head.split(" ").at(-1)!;
  return { father, family };
}

/** Guardians of `students` (positions 0-1); ids are left to the database. */
export function buildGuardians(rng: Rng, students: readonly StudentRow[]): GuardianRow[] {
  const rows: GuardianRow[] = [];
  for (const s of students) {
    const christian = s.religion === "Christian";
    const { father, family } = familyOf(s);
    const males = christian ? CHRISTIAN_MALE_NAMES : MALE_FIRST_NAMES;
    const females = christian ? CHRISTIAN_FEMALE_NAMES : FEMALE_FIRST_NAMES;
    const families = christian ? CHRISTIAN_FAMILY_NAMES : FAMILY_NAMES;
    const language = rng.chance(s.nationality === "Egyptian" ? 0.92 : 0.7) ? ("ar" as const) : ("en" as const);
    const consent = rng.chance(0.85);
    const first = rng.weighted([
      ["father", 78],
      ["mother", 17],
      ["guardian", 5],
    ] as const);
    const people: Array<{ relation: "father" | "mother" | "guardian"; name: string }> = [];
    const fatherName = `${father} ${rng.pick(males)} ${family}`;
    const motherName = `${rng.pick(females)} ${rng.pick(males)} ${rng.pick(families)}`;
    if (first === "guardian") people.push({ relation: "guardian", name: `${rng.pick(males)} ${father} ${family}` });
    else people.push({ relation: first, name: first === "father" ? fatherName : motherName });
    if (rng.chance(0.55)) {
      const second = first === "father" ? "mother" : "father";
      people.push({ relation: second, name: second === "father" ? fatherName : motherName });
    }
    people.forEach((p, position) => {
      rows.push({
        studentId: s.id,
        position,
        fullName: p.name,
        relation: p.relation,
        phone: demoMobile(rng),
        language,
        whatsappConsent: consent,
        consentRecordedAt: ENROLMENT,
        consentRecordedBy: RECORDED_BY,
        optedOutAt: null,
      });
    });
  }
  return rows;
}
