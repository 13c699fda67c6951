/**
 * Calls of the Staff page (docs/product.md#staff-and-roles) through the typed Hono client, which honours the base-URL
 * override and sends the bearer token; answers are typed from the server's routes. Every function throws
 * `ApiFailure` (its `reason`; status 0 = network error). Administrators only: any other role gets 403
 * FORBIDDEN_FOR_ROLE. Times are ISO 8601 UTC.
 */
import type { StaffCreateInput, StaffUpdateInput } from "@worker/contracts/staff";
import { apiClient, call } from "~/lib/api";

const staff = () => apiClient().api.admin.staff;
const param = (id: number) => ({ id: String(id) });

/** `GET /api/admin/staff` → every account, active or not. */
export async function listStaff() {
  return (await call(staff().$get())).staff;
}

/** A staff account as the API returns it. */
export type StaffMember = Awaited<ReturnType<typeof listStaff>>[number];

/** `POST /api/admin/staff` → the new account (201); its password is temporary. */
export async function createStaff(input: StaffCreateInput): Promise<StaffMember> {
  return (await call(staff().$post({ json: input }))).staff;
}

/** `PUT /api/admin/staff/{id}` → the account (409 LAST_ADMINISTRATOR when no active administrator would be left). */
export async function updateStaff(id: number, input: StaffUpdateInput): Promise<StaffMember> {
  return (await call(staff()[":id"].$put({ param: param(id), json: input }))).staff;
}

/** `POST /api/admin/staff/{id}/reset-password` → the new temporary password, shown once. */
export async function resetStaffPassword(id: number): Promise<string> {
  return (await call(staff()[":id"]["reset-password"].$post({ param: param(id) }))).temporary_password;
}

/** `GET /api/admin/staff/{id}/sessions` → the account's open sessions. */
export async function listStaffSessions(id: number) {
  return (await call(staff()[":id"].sessions.$get({ param: param(id) }))).sessions;
}

/** One open session. */
export type StaffSession = Awaited<ReturnType<typeof listStaffSessions>>[number];

/** `DELETE /api/admin/staff/{id}/sessions/{sessionId}` → how many sessions ended (0 or 1). */
export async function endStaffSession(id: number, sessionId: number): Promise<number> {
  const p = { ...param(id), sessionId: String(sessionId) };
  return (await call(staff()[":id"].sessions[":sessionId"].$delete({ param: p }))).ended;
}

/** `DELETE /api/admin/staff/{id}/sessions` → how many sessions ended. */
export async function endAllStaffSessions(id: number): Promise<number> {
  return (await call(staff()[":id"].sessions.$delete({ param: param(id) }))).ended;
}
