/**
 * The admin token in the browser (docs/product.md#admin-sign-in): `adminToken` and `adminTokenExpiresAt` (ms since
 * epoch) in localStorage. An expired token is removed on the next read. Beside it, `adminMe`: who signed in, their
 * role and permissions (the sign-in answer, refreshed from `GET /api/auth/me`; docs/product.md#staff-and-roles),
 * so the console draws its sidebar at once. The server checks every call; this copy only decides what is shown.
 */
import type { MeJson } from "@worker/contracts/staff";
import { STAFF_ROLES } from "@common/staff-roles";

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

/**
 * localStorage key of the signed-in person (`MeJson`). A token that expires or disappears leaves it (the page on screen
 * keeps its buttons, and the server answers 401); signing out (`signOutLocally`) forgets it and the next sign-in
 * replaces it.
 */
export const ME_KEY = "adminMe";

const meListeners = new Set<() => void>();
let meCache: { raw: string | null; me: MeJson | null } = { raw: null, me: null };

/** A stored value that has the shape of `MeJson` (an older or hand-edited value reads as none). */
function readMe(raw: string | null): MeJson | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<MeJson> | null;
    const ok =
      !!v &&
      typeof v.id === "number" &&
      typeof v.display_name === "string" &&
      STAFF_ROLES.some((r) => r === v.role) &&
      Array.isArray(v.permissions) &&
      Array.isArray(v.assignments);
    return ok ? (v as MeJson) : null;
  } catch {
    return null;
  }
}

/** The signed-in person as last stored, or null (the same object until it changes: a `useSyncExternalStore` snapshot). */
export function getMe(): MeJson | null {
  if (!hasStorage()) return null;
  const raw = localStorage.getItem(ME_KEY);
  if (raw !== meCache.raw) meCache = { raw, me: readMe(raw) };
  return meCache.me;
}

/** Stores (or, with null, forgets) the signed-in person and tells the subscribers. */
export function setMe(me: MeJson | null) {
  if (!hasStorage()) return;
  if (me) localStorage.setItem(ME_KEY, JSON.stringify(me));
  else localStorage.removeItem(ME_KEY);
  for (const listener of meListeners) listener();
}

/** Calls `listener` whenever `setMe` runs; returns the unsubscribe function. */
export function subscribeMe(listener: () => void): () => void {
  meListeners.add(listener);
  return () => meListeners.delete(listener);
}
