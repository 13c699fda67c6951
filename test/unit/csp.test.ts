/** The pages' CSP: connect-src is this site plus the configured backends, never any http(s) host. */
import { describe, expect, it } from "vitest";
import { backendOrigins, contentSecurityPolicy, withSecurityHeaders } from "../../worker/security-headers";
import { isAllowedBackend } from "../../web/features/base-url/public/base-url";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));

describe("connect-src", () => {
  it("is 'self' alone without configured backends", () => {
    const res = withSecurityHeaders(new Response("<p>", { headers: { "Content-Type": "text/html" } }), "n0nce", {});
    expect(directive(res.headers.get("Content-Security-Policy")!, "connect-src")).toBe("connect-src 'self'");
  });

  it("adds the origins of BACKEND_ORIGINS and CORS_ORIGINS, and nothing a malformed entry could smuggle in", () => {
    const env = { BACKEND_ORIGINS: " https://staging.school.example/api/ , http://127.0.0.1:8790,ftp://x.test,not a url, https://a.test; script-src *", CORS_ORIGINS: "https://admin.school.example,https://staging.school.example" };
    expect(backendOrigins(env)).toEqual(["http://127.0.0.1:8790", "https://admin.school.example", "https://staging.school.example"]);
    const csp = contentSecurityPolicy("n0nce", backendOrigins(env));
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' http://127.0.0.1:8790 https://admin.school.example https://staging.school.example");
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
