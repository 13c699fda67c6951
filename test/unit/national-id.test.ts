/** Egyptian national ID generator and validator used by the demo data (scripts/seed/national-id.ts). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  GOVERNORATES,
  generateNationalId,
  nationalIdCheckDigit,
  parseNationalId,
} from "../../scripts/seed/national-id";

/** Replaces the digit at `index` with a different digit. */
function withDigit(id: string, index: number, digit: string): string {
  return id.slice(0, index) + digit + id.slice(index + 1);
}

describe("national ID", () => {
  it("generates 14 digits with century, date, governorate and check digit in place", () => {
    const id = generateNationalId({ birthDate: "2010-01-31", governorate: "01", gender: "male", seq: 0 });
    expect(id).toMatch(/^\d{14}$/);
    expect(id.slice(0, 7)).toBe("3100131");
    expect(id.slice(7, 9)).toBe("01");
    expect(Number(id[13])).toBe(nationalIdCheckDigit(id.slice(0, 13)));
    expect(generateNationalId({ birthDate: "1985-06-15", governorate: "21", gender: "female", seq: 7 })[0]).toBe("2");
  });

  it("uses the documented weighted checksum (weights 2,7,6,5,4,3,2,7,6,5,4,3,2; (11 - sum % 11) % 10)", () => {
    // 3·2+1·7+0·6+0·5+1·4+3·3+1·2+0·7+1·6+1·5+9·4+4·3+6·2 = 99; 99 % 11 = 0 → (11 - 0) % 10 = 1
    expect(nationalIdCheckDigit("3100131011946")).toBe(1);
    expect(parseNationalId("31001310119461")).toEqual({
      birthDate: "2010-01-31",
      governorateCode: "01",
      gender: "female",
    });
  });

  it("round-trips birth date, governorate and gender", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.constantFrom(...GOVERNORATES.map((g) => g.code)),
        fc.constantFrom("male" as const, "female" as const),
        fc.integer({ min: 0, max: 4999 }),
        (birthDate, governorate, gender, seq) => {
          const id = generateNationalId({ birthDate, governorate, gender, seq });
          expect(parseNationalId(id)).toEqual({
            birthDate: birthDate.toISOString().slice(0, 10),
            governorateCode: governorate,
            gender,
          });
        },
      ),
    );
  });

  it("puts an odd 13th digit for male and an even one for female, distinct per seq", () => {
    const male = new Set<string>();
    const female = new Set<string>();
    for (let seq = 0; seq < 5000; seq += 7) {
      const m = generateNationalId({ birthDate: "2012-05-05", governorate: "02", gender: "male", seq });
      const f = generateNationalId({ birthDate: "2012-05-05", governorate: "02", gender: "female", seq });
      expect(Number(m[12]) % 2).toBe(1);
      expect(Number(f[12]) % 2).toBe(0);
      male.add(m);
      female.add(f);
    }
    expect(male.size).toBe(Math.ceil(5000 / 7));
    expect(female.size).toBe(Math.ceil(5000 / 7));
  });

  it("rejects a wrong check digit or any single-digit change in the body", () => {
    const id = generateNationalId({ birthDate: "2011-03-14", governorate: "14", gender: "female", seq: 1234 });
    expect(parseNationalId(id)).not.toBeNull();
    const wrongCheck = withDigit(id, 13, String((Number(id[13]) + 1) % 10));
    expect(parseNationalId(wrongCheck)).toBeNull();
    // Changing a serial digit keeps the structure valid, so only the checksum can catch it.
    const changedSerial = withDigit(id, 10, String((Number(id[10]) + 1) % 10));
    expect(parseNationalId(changedSerial)).toBeNull();
  });

  it("rejects unknown governorate codes even with a correct checksum", () => {
    for (const code of ["00", "05", "10", "20", "30", "36", "87", "99"]) {
      const first13 = `3110314${code}1234`;
      expect(parseNationalId(first13 + nationalIdCheckDigit(first13))).toBeNull();
    }
    expect(() => generateNationalId({ birthDate: "2011-03-14", governorate: "99", gender: "male", seq: 1 })).toThrow();
  });

  it("rejects malformed input: length, non-digits, century, impossible dates", () => {
    const fix = (first13: string) => first13 + nationalIdCheckDigit(first13);
    expect(parseNationalId("")).toBeNull();
    expect(parseNationalId("3100131011946")).toBeNull();
    expect(parseNationalId("310013101194610")).toBeNull();
    expect(parseNationalId("3100131011946a")).toBeNull();
    expect(parseNationalId(fix("1100131011946"))).toBeNull();
    expect(parseNationalId(fix("4100131011946"))).toBeNull();
    expect(parseNationalId(fix("3100230011946"))).toBeNull(); // 2010-02-30
    expect(parseNationalId(fix("3101301011946"))).toBeNull(); // month 13
    expect(parseNationalId(fix("3120229011946"))).not.toBeNull(); // 2012-02-29 (leap year)
    expect(() => generateNationalId({ birthDate: "2011-02-29", governorate: "01", gender: "male", seq: 1 })).toThrow();
    expect(() =>
      generateNationalId({ birthDate: "2011-02-28", governorate: "01", gender: "male", seq: 5000 }),
    ).toThrow();
  });

  it("lists the real governorate codes", () => {
    const codes = GOVERNORATES.map((g) => g.code);
    expect(codes).toHaveLength(28);
    expect(new Set(codes).size).toBe(28);
    expect(GOVERNORATES.find((g) => g.code === "21")?.name).toBe("Giza");
    expect(GOVERNORATES.find((g) => g.code === "88")?.name).toBe("Born abroad");
  });
});
