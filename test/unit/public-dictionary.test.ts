/**
 * The dictionary a public page gets in its HTML (web/i18n/resources.server.ts, docs/product.md#languages-and-numbers):
 * only public namespaces, whatever the console adds. Console namespaces (Reports, Guardians, Close the year,
 * Academic years, import) once reached every public page's HTML because the rule listed the console's namespaces
 * instead of the public ones.
 */
import { describe, expect, it } from "vitest";
import ar from "../../web/i18n/ar";
import common from "../../web/i18n/ar/common";
import en from "../../web/i18n/en";
import { dictionaryFor } from "../../web/i18n/resources.server";

const PUBLIC = new Set([
  ...Object.keys(common),
  "admin", // its grade names only
  "home",
  "news",
  "publicResults",
  "selection",
  "baseUrl",
  "pay",
  "family",
  "familyPay",
]);

describe("public dictionaries", () => {
  for (const path of ["/", "/results", "/current-students", "/base-url-config", "/pay", "/family", "/no-such-page"])
    for (const lang of ["ar", "en"] as const)
      it(`${lang} ${path}: public namespaces only, and the console's grade names alone`, () => {
        const dict = dictionaryFor(lang, path);
        expect(Object.keys(dict).filter((k) => !PUBLIC.has(k))).toEqual([]);
        if (dict.admin) expect(Object.keys(dict.admin as object)).toEqual(["grades"]);
      });

  it("gives the console every namespace", () => {
    expect(Object.keys(dictionaryFor("ar", "/admin/dashboard/reports"))).toEqual(Object.keys(ar));
    expect(Object.keys(dictionaryFor("en", "/admin/dashboard/guardians"))).toEqual(Object.keys(en));
  });
});
