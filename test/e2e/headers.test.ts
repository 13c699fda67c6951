/**
 * Browser-facing headers on the built Worker: every HTML response has a CSP with a per-response nonce (carried by
 * every script tag), object-src 'none', base-uri 'none', frame-ancestors 'none', plus HSTS ≥ 1 year, nosniff and a
 * Referrer-Policy. API responses with personal data are no-store. Origins off the allowlist get no CORS grant.
 */
import { describe, expect, it } from "vitest";
import { E2E_BACKEND_ORIGINS } from "./global-setup";
import { server } from "./server";

const base = server.baseUrl;
const HTML_PAGES = [
  "/",
  "/results",
  "/current-students",
  "/base-url-config",
  "/admin/login",
  "/admin/dashboard",
  "/no-such-page",
];

describe("security headers", () => {
  it.each(HTML_PAGES)("%s has a nonce CSP and the browser headers", async (path) => {
    const [a, b] = await Promise.all([fetch(`${base}${path}`), fetch(`${base}${path}`)]);
    expect(a.headers.get("Content-Type")).toContain("text/html");
    const csp = a.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(b.headers.get("Content-Security-Policy")).not.toContain(nonce!);
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(d);
    // Scripts can reach only this site and the configured backends: no "http:"/"https:" wildcard.
    expect(csp.split("; ").find((d) => d.startsWith("connect-src"))).toBe(
      ["connect-src 'self'", ...[...E2E_BACKEND_ORIGINS].sort()].join(" "),
    );
    expect(Number(/max-age=(\d+)/.exec(a.headers.get("Strict-Transport-Security") ?? "")?.[1])).toBeGreaterThanOrEqual(
      31_536_000,
    );
    expect(a.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(a.headers.get("Referrer-Policy")).toBeTruthy();
    const html = await a.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    await b.text();
  });

  it("POST /lang never redirects off-site (/\\127.0.0.1:9/x, //host, /.//host)", async () => {
    for (const redirectTo of ["/\\127.0.0.1:9/x", "//127.0.0.1:9/x", "/.//127.0.0.1:9/x", "https://evil.example/"]) {
      const res = await fetch(`${base}/lang`, {
        method: "POST",
        body: new URLSearchParams({ lang: "en", scope: "public", redirectTo }),
        redirect: "manual",
      });
      expect(res.status, redirectTo).toBeGreaterThanOrEqual(300);
      const location = res.headers.get("Location") ?? "";
      expect(new URL(location, base).origin, redirectTo).toBe(new URL(base).origin);
      expect(location, redirectTo).toMatch(/^\/(?![/\\])/);
      if (redirectTo !== "/.//127.0.0.1:9/x") expect(location, redirectTo).toBe("/");
    }
  });

  it("marks personal-data API responses no-store and refuses CORS to unknown origins", async () => {
    const res = await fetch(`${base}/api/student/results/31001310119461`, {
      headers: { Origin: "https://evil.example" },
    });
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const pre = await fetch(`${base}/api/students`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "GET" },
    });
    expect(pre.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});
