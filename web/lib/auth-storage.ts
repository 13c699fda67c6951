/**
 * The admin token in the browser (docs/product.md#admin-sign-in): `adminToken` and `adminTokenExpiresAt` (ms since
 * epoch) in localStorage. An expired token is removed on the next read.
 */
export const TOKEN_KEY = "adminToken";
export const TOKEN_EXPIRES_KEY = "adminTokenExpiresAt";
/** Token lifetime: 2 hours. The server enforces it too. */
export const TOKEN_LIFETIME_MS = 7_200_000;

const hasStorage = () => typeof window !== "undefined" && !!window.localStorage;

/** The stored token if present and unexpired; otherwise clears it and returns null. */
export function getToken(now = Date.now()): string | null {
  if (!hasStorage()) return null;
  const token = localStorage.getItem(TOKEN_KEY);
  const expires = Number(localStorage.getItem(TOKEN_EXPIRES_KEY));
  if (!token || !Number.isFinite(expires) || expires <= now) {
    clearToken();
    return null;
  }
  return token;
}

/** Stores a token; `expiresAt` is the server's ISO time, else now + 2 h. */
export function setToken(token: string, expiresAt?: string) {
  const ms = expiresAt ? Date.parse(expiresAt) : NaN;
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(TOKEN_EXPIRES_KEY, String(Number.isFinite(ms) ? ms : Date.now() + TOKEN_LIFETIME_MS));
}

export function clearToken() {
  if (!hasStorage()) return;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(TOKEN_EXPIRES_KEY);
}
