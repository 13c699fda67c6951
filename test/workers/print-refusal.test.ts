/**
 * Refused print pages (docs/product.md#printing): a print URL the role may not open, or a missing record, answers a
 * page with the reason and without the print toolbar or its script: there is nothing to print.
 */
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { workerContext } from "../../web/context";
import { loader as receiptLoader } from "../../web/routes/admin/print/receipt";
import { loader as reportCardLoader } from "../../web/routes/admin/print/report-card";
import { loader as statementLoader } from "../../web/routes/admin/print/statement";
import { uniqueStudentNo } from "./fixtures";
import { loginAdmin } from "./helpers";
import { staffWithToken } from "./staff-fixtures";

type Loader = (args: never) => Promise<Response>;
const ctx = { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext;

/** Runs a print loader as React Router would for the session `token`; returns its status and page. */
async function page(loader: Loader, path: string, params: Record<string, string>, token: string) {
  const context = new RouterContextProvider();
  context.set(workerContext, { env: env as never, ctx, nonce: "bm9uY2U=" });
  const request = new Request(`http://school.test${path}`, { headers: { Cookie: `admin_session=${token}` } });
  const res = await loader({ request, context, params } as never);
  return { status: res.status, html: await res.text() };
}

const TOOLBAR = /class="toolbar"|data-print=""/;

describe("refused print pages", () => {
  it("show the reason without the print toolbar: a missing record, a role without the permission", async () => {
    const admin = await loginAdmin();
    const teacher = await staffWithToken("teacher", { assignments: [{ grade: "Prep-3", subject: "Mathematics" }] });
    const no = uniqueStudentNo();
    const cases: Array<[Loader, string, Record<string, string>, string, number, string]> = [
      [
        receiptLoader,
        "/admin/print/receipts/RCP-2024-2025-999999",
        { receiptNo: "RCP-2024-2025-999999" },
        admin,
        404,
        "RECEIPT_NOT_FOUND",
      ],
      [statementLoader, `/admin/print/statements/${no}?lang=en`, { studentNo: no }, admin, 404, "FEE_NOT_FOUND"],
      [
        reportCardLoader,
        "/admin/print/report-cards/987654321",
        { resultId: "987654321" },
        admin,
        404,
        "RESULT_NOT_FOUND",
      ],
      [statementLoader, `/admin/print/statements/${no}`, { studentNo: no }, teacher.token, 403, "FORBIDDEN_FOR_ROLE"],
    ];
    for (const [loader, path, params, token, status, reason] of cases) {
      const res = await page(loader, path, params, token);
      expect(res.status, path).toBe(status);
      expect(res.html, path).toContain(`data-refusal="${reason}"`);
      expect(res.html, path).not.toMatch(TOOLBAR);
      expect(res.html, path).not.toContain("<script");
    }
  });
});
