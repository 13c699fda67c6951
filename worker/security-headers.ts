/**
 * Browser-facing headers for HTML responses: a CSP with a per-response nonce, HSTS (1 year), nosniff,
 * Referrer-Policy, and frame denial. See SECURITY.md.
 */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    // The base-URL override (spec §2) may point the client at another http(s) backend.
    "connect-src 'self' http: https:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** Returns a copy of `res` with the security headers; the CSP only for HTML. */
export function withSecurityHeaders(res: Response, nonce: string): Response {
  const out = new Response(res.body, res);
  const h = out.headers;
  if ((h.get("Content-Type") ?? "").includes("text/html")) h.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("X-Frame-Options", "DENY");
  h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  return out;
}
