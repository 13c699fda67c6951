/**
 * Demo guardians (scripts/seed/build-guardians.ts, docs/product.md#guardians-and-messages): 1-2 per student, Egyptian
 * mobiles on 010/011/012/015 that libphonenumber-js reads as themselves, mostly Arabic, consent for most, the same
 * every run, and the rest of the demo data unchanged by them (their own random stream).
 */
import { describe, expect, it } from "vitest";
import { buildGuardians } from "../../scripts/seed/build-guardians";
import { buildStudents } from "../../scripts/seed/build-students";
import { createRng } from "../../scripts/seed/rng";
import { parsePhone } from "../../worker/lib/phone";

const students = buildStudents(createRng(20241), 0);
const guardians = buildGuardians(createRng(20242), students);

describe("demo guardians", () => {
  it("gives every student 1 or 2, positions 0 and 1, a father or mother first mostly", () => {
    const per = new Map<number, number[]>();
    for (const g of guardians) per.set(g.studentId, [...(per.get(g.studentId) ?? []), g.position]);
    expect(per.size).toBe(students.length);
    for (const positions of per.values()) expect([[0], [0, 1]]).toContainEqual(positions);
    const firsts = guardians.filter((g) => g.position === 0);
    expect(firsts.filter((g) => g.relation === "father").length / firsts.length).toBeGreaterThan(0.6);
    expect(new Set(guardians.map((g) => g.relation))).toEqual(new Set(["father", "mother", "guardian"]));
  });

  it("numbers are valid Egyptian mobiles in E.164 on the four networks, none the stand-in's undeliverable", () => {
    for (const g of guardians) {
      expect(g.phone).toMatch(/^\+201[0125]\d{8}$/);
      expect(parsePhone(g.phone)).toBe(g.phone);
      expect(parsePhone(`0${g.phone.slice(3)}`)).toBe(g.phone);
      expect(g.phone.endsWith("0000")).toBe(false);
    }
    const prefixes = new Set(guardians.map((g) => g.phone.slice(3, 5)));
    expect(prefixes).toEqual(new Set(["10", "11", "12", "15"]));
  });

  it("mostly Arabic, consent for most, recorded at enrolment", () => {
    const share = (f: (g: (typeof guardians)[number]) => boolean) => guardians.filter(f).length / guardians.length;
    expect(share((g) => g.language === "ar")).toBeGreaterThan(0.8);
    expect(share((g) => g.language === "en")).toBeGreaterThan(0);
    expect(share((g) => g.whatsappConsent === true)).toBeGreaterThan(0.7);
    expect(share((g) => g.whatsappConsent === false)).toBeGreaterThan(0);
    expect(guardians.every((g) => g.consentRecordedAt && g.consentRecordedBy)).toBe(true);
  });

  it("are the same every run", () => {
    expect(buildGuardians(createRng(20242), students)).toEqual(guardians);
  });
});
