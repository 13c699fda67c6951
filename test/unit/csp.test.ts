/** The pages' CSP: connect-src and img-src are this site plus configured origins, never any http(s) host. */
import { describe, expect, it } from "vitest";
import {
  backendOrigins,
  contentSecurityPolicy,
  imageOrigins,
  withSecurityHeaders,
} from "../../worker/security-headers";
import { isAllowedBackend } from "../../web/features/base-url/public/base-url";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));

describe("connect-src", () => {
  it("is 'self' alone without configured backends", () => {
    const res = withSecurityHeaders(new Response("<p>", { headers: { "Content-Type": "text/html" } }), "n0nce", {});
    expect(directive(res.headers.get("Content-Security-Policy")!, "connect-src")).toBe("connect-src 'self'");
  });

  it("adds the origins of BACKEND_ORIGINS and CORS_ORIGINS, and nothing a malformed entry could smuggle in", () => {
    const env = {
      BACKEND_ORIGINS:
        " https://staging.school.example/api/ , http://127.0.0.1:8790,ftp://x.test,not a url, https://a.test; script-src *",
      CORS_ORIGINS: "https://admin.school.example,https://staging.school.example",
    };
    expect(backendOrigins(env)).toEqual([
      "http://127.0.0.1:8790",
      "https://admin.school.example",
      "https://staging.school.example",
    ]);
    const csp = contentSecurityPolicy("n0nce", backendOrigins(env));
    expect(directive(csp, "connect-src")).toBe(
      "connect-src 'self' http://127.0.0.1:8790 https://admin.school.example https://staging.school.example",
    );
    expect(csp).not.toMatch(/http: |https: (?!\/)|\*/);
    expect(csp.split("; ").filter((d) => d.startsWith("script-src"))).toHaveLength(1);
  });

  it("the base-URL page accepts exactly the same addresses", () => {
    const allowed = ["https://staging.school.example"];
    expect(isAllowedBackend("https://staging.school.example/", "https://school.example", allowed)).toBe(true);
    expect(isAllowedBackend("https://school.example", "https://school.example", allowed)).toBe(true);
    expect(isAllowedBackend("https://evil.example", "https://school.example", allowed)).toBe(false);
    expect(isAllowedBackend("http://staging.school.example", "https://school.example", allowed)).toBe(false);
  });
});

describe("img-src", () => {
  it("is 'self' alone by default: no scheme, data: or blob: an injected script could send the token through", () => {
    const res = withSecurityHeaders(new Response("<p>", { headers: { "Content-Type": "text/html" } }), "n0nce", {});
    const img = directive(res.headers.get("Content-Security-Policy")!, "img-src");
    expect(img).toBe("img-src 'self'");
  });

  it("adds only the origins of IMAGE_ORIGINS, nothing a malformed entry could smuggle in", () => {
    const env = {
      IMAGE_ORIGINS: "https://cdn.school.example/news/a.png, https:, data:,not a url,https://b.test; script-src *",
    };
    expect(imageOrigins(env)).toEqual(["https://cdn.school.example"]);
    const csp = withSecurityHeaders(
      new Response("<p>", { headers: { "Content-Type": "text/html" } }),
      "n0nce",
      env,
    ).headers.get("Content-Security-Policy")!;
    expect(directive(csp, "img-src")).toBe("img-src 'self' https://cdn.school.example");
    expect(csp.split("; ").filter((d) => d.startsWith("script-src"))).toHaveLength(1);
  });
});

describe("withSecurityHeaders", () => {
  it("sets the headers on an answer the Worker built, and on a copy of one whose headers may not change", () => {
    const built = new Response("{}", { headers: { "Content-Type": "application/json" } });
    expect(withSecurityHeaders(built, undefined, {})).toBe(built);
    expect(built.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(built.headers.get("Content-Security-Policy")).toBeNull();
    const fixed = Response.redirect("https://school.example/next", 302); // its headers are immutable
    const out = withSecurityHeaders(fixed, undefined, {});
    expect([out.status, out.headers.get("Location"), out.headers.get("X-Frame-Options")]).toEqual([
      302,
      "https://school.example/next",
      "DENY",
    ]);
  });

  it("gives an HTML answer without a nonce a CSP with a fresh one", () => {
    const html = () => new Response("<p>", { headers: { "Content-Type": "text/html" } });
    const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy")!)?.[1];
    const a = nonceOf(withSecurityHeaders(html(), undefined, {}));
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(withSecurityHeaders(html(), undefined, {}))).not.toBe(a);
  });
});
