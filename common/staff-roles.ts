/**
 * The built-in staff roles (docs/decisions/0035-staff-roles.md), here so that the database schema (db/schema/admins.ts)
 * names them without importing worker/; worker/permissions.ts re-exports them beside the permission table.
 */

/** The built-in roles, in the order the console lists them. */
export const STAFF_ROLES = ["administrator", "principal", "registrar", "accountant", "teacher", "viewer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
