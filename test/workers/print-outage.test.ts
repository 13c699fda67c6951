/**
 * Print pages while the database is unreachable (docs/product.md#printing, docs/decisions/0024): the loader answers
 * a 503 refusal page in the document's language with `Retry-After` and `Cache-Control: no-store`, never React
 * Router's bare 500 "Unexpected Server Error". The database sits behind the fault proxy (test/support/fault-proxy.ts),
 * switched off for the test.
 */
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { workerContext } from "../../web/context";
import { loader as receiptLoader } from "../../web/routes/admin/print/receipt";
import { loader as reportCardsLoader } from "../../web/routes/admin/print/report-cards";
import { loginAdmin } from "./helpers";

const e = env as unknown as Record<string, string>;
const setMode = (mode: "up" | "down") => fetch(`${e.FAULT_CONTROL_URL}/mode`, { method: "POST", body: mode });
const ctx = { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext;

/** Runs a print loader as React Router would, with the database behind the fault proxy; returns the Response. */
async function load(
  loader: (args: never) => Promise<Response>,
  path: string,
  params: Record<string, string>,
  token: string,
): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(workerContext, {
    env: { ...(env as object), LIBSQL_URL: e.FAULTY_LIBSQL_URL } as never,
    ctx,
    nonce: "bm9uY2U=",
  });
  const request = new Request(`http://school.test${path}`, { headers: { Cookie: `admin_session=${token}` } });
  try {
    return await loader({ request, context, params } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

afterEach(async () => {
  await setMode("up");
});

describe("print pages during a database outage", () => {
  it("answer a 503 refusal page in the document's language, with Retry-After and no-store, no stack", async () => {
    const token = await loginAdmin();
    await setMode("down");
    const pages: Array<[(args: never) => Promise<Response>, string, Record<string, string>, "ar" | "en"]> = [
      [receiptLoader, "/admin/print/receipts/RCP-2024-2025-000001", { receiptNo: "RCP-2024-2025-000001" }, "ar"],
      [reportCardsLoader, "/admin/print/report-cards?grade=Prep-3&year=2024-2025&semester=S1&lang=en", {}, "en"],
    ];
    for (const [loader, path, params, lang] of pages) {
      const res = await load(loader, path, params, token);
      const html = await res.text();
      expect(res.status, path).toBe(503);
      expect(res.headers.get("Retry-After"), path).toBe("5");
      expect(res.headers.get("Cache-Control"), path).toBe("no-store");
      expect(res.headers.get("Content-Type"), path).toContain("text/html");
      expect(html, path).toContain(`lang="${lang}"`);
      expect(html, path).toContain('data-refusal="SERVICE_UNAVAILABLE"');
      expect(html, path).toContain(lang === "ar" ? "الخدمة غير متاحة مؤقتًا" : "The service is temporarily unavailable");
      expect(html, path).not.toMatch(/\bat .*\.(ts|js|tsx):\d+|Unexpected Server Error/);
    }
  });
});
