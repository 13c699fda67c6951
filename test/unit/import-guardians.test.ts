/**
 * Guardian columns in a students workbook saved by openpyxl (test/fixtures/import/make_fixtures.py), read by SheetJS
 * as the Import dialog reads it, then through the import's own row schema (docs/product.md#bulk-import): Arabic
 * headers ("اسم ولي الأمر", "رقم ولي الأمر", "ولي الأمر ٢ - المحمول"), Arabic labels (الأب، والدة، نعم), numbers
 * typed with Arabic-Indic digits, 0020, +20 and 20 with spaces → E.164; an unreadable one → PHONE_INVALID on its cell.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readSheet } from "~/features/import/admin/spreadsheet";
import { autoMapping, buildRows, findHeaderRow, tableFromCells } from "~/features/import/admin/sheet-rows";
import { templateColumns, templateHeader } from "~/features/import/admin/columns";
import { templateRows } from "~/features/import/admin/template";
import { importRowSchemas } from "@worker/contracts/import";
import { issuesOf } from "@worker/validate";

const bytes = new Uint8Array(readFileSync(new URL("../fixtures/import/guardians.xlsx", import.meta.url)));

describe("a workbook with guardian columns under Arabic headers (openpyxl)", () => {
  const sheet = readSheet(bytes, "guardians.xlsx", undefined, "students");
  const table = tableFromCells(sheet.cells, findHeaderRow("students", sheet.cells)?.index);
  const mapping = autoMapping("students", table.headers);
  const built = buildRows("students", table, mapping);
  const parsed = built.rows.map((r) => importRowSchemas.students.safeParse(r));

  it("matches every header", () => {
    expect(mapping.slice(6)).toEqual([
      "guardian_1_name",
      "guardian_1_relation",
      "guardian_1_phone",
      "guardian_1_language",
      "guardian_1_whatsapp_consent",
      "guardian_2_name",
      "guardian_2_relation",
      "guardian_2_phone",
    ]);
  });

  it("reads numbers in every office form as E.164, labels as the API's values", () => {
    const guardians = parsed.slice(0, 3).map((p) => (p.success ? p.data.guardians : p.error));
    expect(guardians).toEqual([
      [
        {
          full_name: "محمد علي حسن",
          relation: "father",
          phone: "+201001234567",
          language: "ar",
          whatsapp_consent: true,
        },
        { full_name: "منى سامي", relation: "mother", phone: "+201123456789", language: "ar", whatsapp_consent: false },
      ],
      [
        {
          full_name: "Sami Hassan",
          relation: "father",
          phone: "+201223456780",
          language: "en",
          whatsapp_consent: false,
        },
      ],
      [
        {
          full_name: "هالة محمود",
          relation: "mother",
          phone: "+201551234567",
          language: "ar",
          whatsapp_consent: false,
        },
      ],
    ]);
  });

  it("refuses an unreadable number on its own cell", () => {
    const bad = parsed[3]!;
    expect(bad.success).toBe(false);
    expect(issuesOf(bad.error!).map((i) => [i.path, i.reason])).toEqual([["guardian_1_phone", "PHONE_INVALID"]]);
  });

  it("a row without guardian cells leaves the guardians out (kept on an update)", () => {
    const { guardian_1_name: _n, guardian_1_relation: _r, guardian_1_phone: _p, ...rest } = built.rows[2]!;
    const p = importRowSchemas.students.safeParse(rest);
    expect(p.success && p.data.guardians).toBe(undefined);
  });
});

describe("the students template", () => {
  it("has the three guardians' five columns in both languages (Arabic digits in Arabic), one example", () => {
    const headers = templateColumns("students").map(templateHeader);
    expect(headers.slice(8, 13)).toEqual([
      "ولي الأمر ١ - الاسم / Guardian 1 Name",
      "ولي الأمر ١ - الصلة / Guardian 1 Relation",
      "ولي الأمر ١ - المحمول / Guardian 1 Phone",
      "ولي الأمر ١ - اللغة / Guardian 1 Language",
      "ولي الأمر ١ - موافقة واتساب / Guardian 1 WhatsApp Consent",
    ]);
    expect(headers).toHaveLength(8 + 15);
    const [, example] = templateRows("students", "xlsx");
    expect(example!.slice(8, 13)).toEqual(["محمد علي حسن", "الأب", "01001234567", "العربية", "نعم"]);
    // Left in the file, the example row is recognised and skipped.
    const built = buildRows(
      "students",
      { headers, rows: [example as never], lines: [2] },
      autoMapping("students", headers),
    );
    expect(built.skipped).toBe(1);
  });
});

describe("guardian headers with either digit", () => {
  const cells = ["الاسم", "الصلة", "المحمول", "اللغة", "موافقة واتساب"];
  const targets = ["name", "relation", "phone", "language", "whatsapp_consent"];
  const row = [["سارة أحمد", "الأم", "01001234567", "العربية", "نعم"]];

  it("imports the template's Arabic-Indic headers and older templates' Latin-digit ones alike", () => {
    for (const [one, two] of [
      ["١", "٢"],
      ["1", "2"],
    ]) {
      const headers = [
        "الرقم القومي",
        "الاسم",
        ...cells.map((c) => `ولي الأمر ${one} - ${c}`),
        `ولي الأمر ${two} - المحمول`,
      ];
      const mapping = autoMapping("students", headers);
      expect(mapping.slice(2), one).toEqual([...targets.map((t) => `guardian_1_${t}`), "guardian_2_phone"]);
      const table = { headers, rows: [["30101010101010", "علي", ...row[0]!, ""]] as never, lines: [2] };
      const built = buildRows("students", table, mapping);
      expect(built.rows[0], one).toMatchObject({
        guardian_1_name: "سارة أحمد",
        guardian_1_relation: "mother",
        guardian_1_phone: "01001234567",
        guardian_1_language: "ar",
        guardian_1_whatsapp_consent: true,
      });
    }
  });
});
