/**
 * The printed fee statement across years (docs/product.md#printing: "Statement", #fees): a student owing on last
 * year's account and this year's gets a section per account, last year's (the arrears) first, each with its own
 * payments and balance, and the total owed on every year together; a settled older year comes after the current one.
 */
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { workerContext } from "../../web/context";
import { loader as statementLoader } from "../../web/routes/admin/print/statement";
import { currentYearName } from "../../worker/services/academic-years/current";
import { statement } from "../../worker/services/print-statement";
import { ensureYear, testDb } from "./fixtures";
import { api, BASE, loginAdmin } from "./helpers";
import { family } from "./online-fixtures";

let token: string;
let current: string;
let past: string;
let older: string;
beforeAll(async () => {
  token = await loginAdmin();
  current = await currentYearName(testDb());
  const y1 = Number(current.slice(0, 4));
  past = `${y1 - 1}-${y1}`;
  older = `${y1 - 2}-${y1 - 1}`;
  await ensureYear(older, "closed");
  await ensureYear(past, "closed");
});

const ctx = { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext;

/** The statement page's HTML for `studentNo` with the console's session, as React Router runs it. */
async function statementHtml(studentNo: string, lang = "") {
  const context = new RouterContextProvider();
  context.set(workerContext, { env: env as never, ctx, nonce: "bm9uY2U=" });
  const request = new Request(`${BASE}/admin/print/statements/${studentNo}${lang}`, {
    headers: { Cookie: `admin_session=${token}` },
  });
  const res = await statementLoader({ request, context, params: { studentNo } } as never);
  expect(res.status).toBe(200);
  return res.text();
}

/** A past year's account of `studentNo`: `total` EGP with `paid` paid when it was created. */
async function pastAccount(studentNo: string, year: string, total: number, paid: number) {
  const res = await api("/api/fees", {
    method: "POST",
    token,
    body: { student_id: studentNo, grade: "Prep-1", total_amount: total, paid_amount: paid, academic_year_name: year },
  });
  expect(res.status, res.text).toBe(201);
}

/** The text of each year's section in the page's order: [year, tag, the section's text]. */
function sections(html: string) {
  return [...html.matchAll(/data-statement-year="([^"]+)" data-year-tag="(\w+)">([\s\S]*?)<\/section>/g)].map(
    (m) => [m[1], m[2], m[3]!.replace(/<[^>]+>/g, " ").replace(/[\s\u00a0]+/g, " ")] as const,
  );
}

describe("a statement across years", () => {
  it("lists last year's arrears first, then the current year, then a settled year, and the total owed", async () => {
    const { studentNo } = await family(token);
    await pastAccount(studentNo, past, 3000, 1000);
    await pastAccount(studentNo, older, 2000, 2000);

    const data = await statement(testDb(), studentNo);
    expect(data.accounts.map((a) => a.academic_year_name)).toEqual([past, current, older]);
    expect(data.owed).toBe(2000 + 5000);
    expect(data.overdue).toBeGreaterThanOrEqual(1000);

    const en = await statementHtml(studentNo, "?lang=en");
    const s = sections(en);
    expect(s.map(([y, tag]) => [y, tag])).toEqual([
      [past, "arrears"],
      [current, "current"],
      [older, "past"],
    ]);
    expect(s[0]![2]).toContain("Arrears");
    expect(s[0]![2]).toContain("EGP 3,000");
    expect(s[0]![2]).toMatch(/Remaining EGP 2,000/);
    expect(s[0]![2]).toMatch(/RCP-/); // last year's first payment is on last year's section
    expect(s[1]![2]).toContain("No payments recorded.");
    expect(s[2]![2]).toContain("Paid in full");
    expect(en).toMatch(/data-balance="">EGP\s7,000</);
    expect(en.indexOf(`data-statement-year="${past}"`)).toBeLessThan(en.indexOf(`data-statement-year="${current}"`));

    const ar = await statementHtml(studentNo);
    expect(ar).toContain("متأخرات");
    expect(ar).toContain("إجمالي المستحق (كل الأعوام)");
    expect(sections(ar).map(([y]) => y)).toEqual([past, current, older]);
  });
});
