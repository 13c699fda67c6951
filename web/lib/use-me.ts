/**
 * Who is signed in, in React (docs/product.md#staff-and-roles): `useMe()` reads the person the sign-in answer or
 * `GET /api/auth/me` stored (web/lib/auth-storage.ts), `useCan(permission)` says whether their role holds a
 * permission of the one table (worker/permissions.ts), so a page hides what the role may not do. The server refuses
 * such calls anyway (403 FORBIDDEN_FOR_ROLE); hiding only spares the person a refusal.
 */
import { useCallback, useSyncExternalStore } from "react";
import type { MeJson } from "@worker/contracts/staff";
import { type Permission, type Scope, scopeOf } from "@worker/permissions";
import { apiClient, call } from "./api";
import { getMe, setMe, subscribeMe } from "./auth-storage";

/** The signed-in person, or null (not yet known, or signed out). Always null while rendering on the server. */
export function useMe(): MeJson | null {
  return useSyncExternalStore(subscribeMe, getMe, () => null);
}

/** True when `me` holds `permission`. */
export function meCan(me: Pick<MeJson, "permissions"> | null, permission: Permission): boolean {
  return !!me?.permissions.includes(permission);
}

/**
 * True when the signed-in person's role holds `permission`. While the person is unknown (the server's render, a
 * token from before roles until `GET /api/auth/me` answers) this answers `whileUnknown`: false for a button (it
 * appears once the role allows it, never disappears after a flash), true for what only reads (a figure the server
 * refuses anyway rather than a layout that shifts for everyone).
 */
export function useCan(permission: Permission, whileUnknown = false): boolean {
  const me = useMe();
  return me ? meCan(me, permission) : whileUnknown;
}

/** `useCan` for several permissions at once: a function to call while rendering. */
export function useCanFn(whileUnknown = false): (permission: Permission) => boolean {
  const me = useMe();
  return useCallback((permission: Permission) => (me ? meCan(me, permission) : whileUnknown), [me, whileUnknown]);
}

/**
 * How far the signed-in person's role holds `permission` (worker/permissions.ts `scopeOf`): "all", "assigned" (only
 * their grades and subjects: a teacher's), or null (not at all, or the person is not known yet).
 */
export function useScope(permission: Permission): Scope | null {
  const me = useMe();
  return me ? scopeOf(me.role, permission) : null;
}

let lookedUp = false;

/** `GET /api/auth/me` → stores and returns the signed-in person. Throws ApiFailure (401 when the session is gone). */
export async function refreshMe(): Promise<MeJson> {
  const { staff } = await call(apiClient().api.auth.me.$get());
  lookedUp = true;
  setMe(staff);
  return staff;
}

/** True once `refreshMe` has succeeded in this page load (the stored copy is then fresh). */
export function meLookedUp(): boolean {
  return lookedUp;
}
