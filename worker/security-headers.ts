/**
 * Browser-facing headers for HTML responses: a CSP with a per-response nonce, HSTS (1 year), nosniff,
 * Referrer-Policy, and frame denial. See SECURITY.md.
 */
import type { Env } from "./env";

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** The origins of a comma-separated list: http(s) URLs only, each reduced to its origin; sorted, no duplicates. */
function originsOf(list: string): string[] {
  const out = new Set<string>();
  for (const entry of list.split(",")) {
    try {
      const url = new URL(entry.trim());
      if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname) out.add(url.origin);
    } catch {
      /* not a URL: ignored */
    }
  }
  return [...out].sort();
}

/**
 * The other backends this site's pages may talk to (docs/product.md#base-url-override): the origins in
 * `BACKEND_ORIGINS` (the addresses /base-url-config may point the console at) and in `CORS_ORIGINS` (sibling
 * deployments trusted to call this API, e.g. staging and production of the same school, which an operator switches
 * between). Each entry must parse as an http(s) URL and contributes only its origin, so a malformed variable can
 * never add a directive to the CSP. Sorted, without duplicates and without this site's own origin.
 */
export function backendOrigins(env: Pick<Env, "BACKEND_ORIGINS" | "CORS_ORIGINS">): string[] {
  return originsOf(`${env.BACKEND_ORIGINS ?? ""},${env.CORS_ORIGINS ?? ""}`);
}

/**
 * The other hosts news pictures may come from (docs/product.md#news): the origins in `IMAGE_ORIGINS`, read like
 * `backendOrigins`. Empty by default: the pages' own images (logo, favicon) are on this site.
 */
export function imageOrigins(env: Pick<Env, "IMAGE_ORIGINS">): string[] {
  return originsOf(env.IMAGE_ORIGINS ?? "");
}

/**
 * The CSP of an HTML response. `connect-src` is this origin plus `backends`, and `img-src` this origin plus `images`:
 * no other host can receive a fetch or an image request, so an injected script cannot send the admin token elsewhere
 * (not even in an image URL). No `data:` or `blob:` images: no page uses them. `style-src` keeps 'unsafe-inline':
 * see SECURITY.md.
 */
export function contentSecurityPolicy(
  nonce: string,
  backends: readonly string[] = [],
  images: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self'", ...images].join(" "),
    "font-src 'self'",
    // The Import dialog reads spreadsheets in a Web Worker of this origin (docs/product.md#bulk-import); under
    // 'strict-dynamic' a worker's script needs its own allowance.
    "worker-src 'self'",
    ["connect-src 'self'", ...backends].join(" "),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * `res` with the security headers; the CSP only for HTML, with `nonce` (a new one when none is given: the API's
 * JSON answers need none, and results day pays for every byte drawn per request). The headers are set on `res`
 * itself when they may be changed (every answer the Worker builds), else on a copy (an answer passed on from a fetch).
 */
export function withSecurityHeaders(
  res: Response,
  nonce: string | undefined,
  env: Pick<Env, "BACKEND_ORIGINS" | "CORS_ORIGINS" | "IMAGE_ORIGINS">,
): Response {
  let out = res;
  try {
    out.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    out = new Response(res.body, res);
    out.headers.set("X-Content-Type-Options", "nosniff");
  }
  const h = out.headers;
  if ((h.get("Content-Type") ?? "").includes("text/html")) {
    h.set(
      "Content-Security-Policy",
      contentSecurityPolicy(nonce ?? newNonce(), backendOrigins(env), imageOrigins(env)),
    );
  }
  h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("X-Frame-Options", "DENY");
  h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  return out;
}
