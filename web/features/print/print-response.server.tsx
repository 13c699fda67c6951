/**
 * Server-only: how every print route answers (docs/product.md#printing, docs/decisions/0024-print-pages.md).
 * The admin comes from the HttpOnly `admin_session` cookie (no cookie or a dead session → the sign-in page); the
 * document is React rendered to a stream by the Worker, with `Cache-Control: no-store` (it is personal data) and
 * no framework scripts. A refusal (unknown receipt, bad query) is a small page in the document's language with the
 * reason's status code; so is a database outage (503 with `Retry-After`), never React Router's bare 500.
 */
import type { ReactElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import { redirect, type RouterContextProvider } from "react-router";
import { getDb, isDbUnavailable, type Db } from "@worker/db";
import type { ActingStaff } from "@worker/env";
import { ApiError } from "@worker/errors";
import { can, type Permission } from "@worker/permissions";
import { clockNow } from "@worker/request-clock";
import { workerContext } from "~/context";
import { createI18n } from "~/i18n";
import arErrors from "~/i18n/ar/errors";
import enErrors from "~/i18n/en/errors";
import { cookieAdmin } from "~/lib/admin-session.server";
import { reasonText } from "~/lib/reason-text";
import { PrintDocument } from "./print-document";
import { printLangOf, printLocale, type PrintLocale } from "./print-format";

const HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
};

/** What a print route's document builder gets. */
export interface PrintRequest {
  db: Db;
  admin: ActingStaff;
  loc: PrintLocale;
  url: URL;
  nonce: string;
  /** The instant the document is made (ISO 8601 UTC): "issued at" on covers and statements. */
  now: string;
}

/**
 * Answers a print route: sign-in redirect, the document `build` returns, or the refusal page of its ApiError (also
 * 403 PASSWORD_CHANGE_REQUIRED and FORBIDDEN_FOR_ROLE when the person's role lacks `permission`,
 * docs/product.md#staff-and-roles); a
 * database outage (worker/db.ts `isDbUnavailable`, also while checking the session) → the refusal page of
 * SERVICE_UNAVAILABLE with 503 and `Retry-After: 5`. Other errors propagate (React Router answers 500).
 */
export async function printResponse(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  permission: Permission,
  build: (req: PrintRequest) => Promise<ReactElement>,
): Promise<Response> {
  const { env, nonce } = context.get(workerContext);
  const url = new URL(request.url);
  const loc = printLocale(printLangOf(url));
  const db = getDb(env);
  let element: ReactElement;
  let status = 200;
  const headers: Record<string, string> = { ...HEADERS };
  try {
    const admin = await cookieAdmin(request, db);
    if (!admin) throw redirect("/admin/login", { headers: { "Cache-Control": "no-store" } });
    if (admin.mustChangePassword) throw new ApiError("PASSWORD_CHANGE_REQUIRED");
    if (!can(admin.role, permission)) throw new ApiError("FORBIDDEN_FOR_ROLE", { params: { permission } });
    // The request's clock: the Worker's, or `X-Test-Now` under the test-only TEST_CLOCK (as the API's).
    const now = clockNow(env.TEST_CLOCK, request.headers.get("X-Test-Now")).toISOString();
    element = await build({ db, admin, loc, url, nonce, now });
  } catch (err) {
    if (err instanceof Response) throw err;
    const outage = isDbUnavailable(err) ? new ApiError("SERVICE_UNAVAILABLE", { retryAfter: 5 }) : null;
    const refusal = err instanceof ApiError ? err : outage;
    if (!refusal) throw err;
    status = refusal.status;
    if (refusal.retryAfter !== undefined) headers["Retry-After"] = String(refusal.retryAfter);
    element = <RefusalPage loc={loc} url={url} nonce={nonce} error={refusal} />;
  }
  const body = await renderToReadableStream(element, { nonce });
  return new Response(body, { status, headers });
}

/** The page of a refused print request: the reason's text in the document's language. */
function RefusalPage({ loc, url, nonce, error }: { loc: PrintLocale; url: URL; nonce: string; error: ApiError }) {
  const i18n = createI18n(loc.lang, { errors: loc.lang === "ar" ? arErrors : enErrors });
  const text = reasonText(i18n.t, loc.lang, error.reason, error.params);
  return (
    <PrintDocument loc={loc} title={text} paper="a4" url={url} nonce={nonce} toolbar={false}>
      <section className="sheet" data-refusal={error.reason}>
        <p role="alert" className="amount">
          {text}
        </p>
      </section>
    </PrintDocument>
  );
}
