/**
 * What every admin screen does when the server says the session is gone (401) or no token is stored:
 * forget the token and go to the login page (docs/product.md#admin-sign-in).
 */
import { useCallback } from "react";
import { useNavigate, type NavigateFunction } from "react-router";
import { ApiFailure } from "./api";
import { clearToken, setMe } from "./auth-storage";

/** Where a signed-out admin is sent. */
export const LOGIN_PATH = "/admin/login";

/** True for an ApiFailure (or Response) with HTTP status 401. */
export function isAuthFailure(err: unknown): boolean {
  if (err instanceof ApiFailure) return err.status === 401;
  if (typeof Response !== "undefined" && err instanceof Response) return err.status === 401;
  return false;
}

/** Why the server ended a session (worker/services/auth.ts `SessionEnd`), as the sign-in page tells it. */
export const SESSION_ENDS = ["deactivated", "password_reset", "ended"] as const;
export type SessionEnd = (typeof SESSION_ENDS)[number];
const SESSION_END_KEY = "adminSessionEnded";

/** Keeps, for the sign-in page, why the server signed the person out (a 401 with `params.ended`). */
export function noteSessionEnd(err: unknown) {
  const ended = err instanceof ApiFailure ? err.params.ended : undefined;
  if (typeof sessionStorage === "undefined" || !SESSION_ENDS.includes(ended as SessionEnd)) return;
  sessionStorage.setItem(SESSION_END_KEY, String(ended));
}

/** Why the person was signed out, once: the note is removed as it is read. */
export function takeSessionEnd(): SessionEnd | null {
  if (typeof sessionStorage === "undefined") return null;
  const ended = sessionStorage.getItem(SESSION_END_KEY);
  sessionStorage.removeItem(SESSION_END_KEY);
  return SESSION_ENDS.includes(ended as SessionEnd) ? (ended as SessionEnd) : null;
}

/** Clears the token and who signed in, and navigates to /admin/login. */
export function signOutLocally(navigate: NavigateFunction) {
  clearToken();
  setMe(null);
  void navigate(LOGIN_PATH, { replace: true });
}

/** If `err` is a 401, signs out locally and returns true; otherwise returns false (the caller shows the error). */
export function handleAuthFailure(err: unknown, navigate: NavigateFunction): boolean {
  if (!isAuthFailure(err)) return false;
  noteSessionEnd(err);
  signOutLocally(navigate);
  return true;
}

/** `handleAuthFailure` bound to the current router's navigate. */
export function useHandleAuthFailure(): (err: unknown) => boolean {
  const navigate = useNavigate();
  return useCallback((err: unknown) => handleAuthFailure(err, navigate), [navigate]);
}
