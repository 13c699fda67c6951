/**
 * Arabic pages read Arabic-Indic digits (docs/product.md#languages-and-numbers): the Arabic dictionaries
 * hold no Western digit outside a placeholder, and every number interpolated into a text is formatted for the page's
 * language (Arabic plural forms included: "٣١ صفًا", not "٣١ صف").
 */
import { describe, expect, it } from "vitest";
import ar from "~/i18n/ar";
import { createI18n } from "~/i18n";

/** Latin tokens an Arabic text may keep: a paper size. */
const ALLOWED = new Set(["A5"]);
/** Namespaces other areas own (the print templates): checked by their own tests. */
const OWNED_ELSEWHERE = new Set(["print"]);

function strings(node: unknown, path: string, out: Array<[string, string]>) {
  if (typeof node === "string") out.push([path, node]);
  else if (node && typeof node === "object")
    for (const [k, v] of Object.entries(node)) strings(v, path ? `${path}.${k}` : k, out);
  return out;
}

describe("Arabic dictionaries", () => {
  it("hold no Western digit outside a {{placeholder}}", () => {
    const offenders = strings(ar, "", [])
      .filter(([path]) => !OWNED_ELSEWHERE.has(path.split(".")[0]!))
      .filter(([, text]) => {
        const bare = text.replace(/\{\{[^}]*\}\}/g, "");
        return /[0-9]/.test(bare) && !bare.split(/\s+/).every((w) => !/[0-9]/.test(w) || ALLOWED.has(w));
      });
    expect(offenders).toEqual([]);
  });

  it("format interpolated numbers in the page's digits, with Arabic plural forms", () => {
    const i18n = createI18n("ar", {
      rows_few: "{{count}} صفوف",
      rows_many: "{{count}} صفًا",
      rows_other: "{{count}} صف",
      y: "© {{year}}",
    });
    expect(i18n.t("rows", { count: 31 })).toBe("٣١ صفًا");
    expect(i18n.t("rows", { count: 3 })).toBe("٣ صفوف");
    expect(i18n.t("rows", { count: 100 })).toBe("١٠٠ صف");
    expect(i18n.t("y", { year: 2026 })).toBe("© ٢٠٢٦");
    expect(createI18n("en", { n: "{{n}} rows" }).t("n", { n: 12345 })).toBe("12,345 rows");
  });
});
