/**
 * Staff roles and the one permission table (docs/product.md#staff-and-roles, docs/decisions/0035-staff-roles.md).
 * Every admin route names the permission it needs (worker/route-permission.ts); the console hides what a role may not
 * do by the same table. Dependency-free: the Worker and the console import it (the roles themselves live in
 * common/staff-roles.ts, which the database schema imports).
 */

import { STAFF_ROLES, type StaffRole } from "../common/staff-roles";

/**
 * How far a held permission reaches: `all` records, or only those `assigned` to the person (a teacher's grades and
 * subjects, worker/services/teaching.ts).
 */
export type Scope = "all" | "assigned";

/** A role's hold on a permission: the role alone (every record), or the role narrowed to its assignments. */
type Grant = StaffRole | { readonly role: StaffRole; readonly scope: "assigned" };

/** `role` holds the permission over what is assigned to it only. */
const assigned = (role: StaffRole): Grant => ({ role, scope: "assigned" });

const ALL: readonly Grant[] = STAFF_ROLES;
/** Every role but the teacher's. */
const OFFICE: readonly Grant[] = ["administrator", "principal", "registrar", "accountant", "viewer"];

/**
 * Who may do what, and how far. A teacher's grants are `assigned`: the students and results of the grades assigned
 * to them, the marks of their subjects there, and only in terms not yet published (worker/services/teaching.ts).
 */
export const PERMISSIONS = {
  /** Their own session: who am I, sign out, change my password. */
  "session.own": ALL,
  "dashboard.read": OFFICE,
  /** The Reports page's charts (docs/product.md#reports). */
  "reports.read": ["administrator", "principal", "accountant"],
  /** The academic years and their states: every form's list of years (docs/product.md#academic-years-and-rollover). */
  "academic_years.read": ALL,
  /** Create the next year, edit its dates, make it current, close the current one. */
  "academic_years.manage": ["administrator"],
  /** The year-end rollover: its dry run, apply and undo (docs/product.md#the-year-end-rollover). */
  "rollover.manage": ["administrator"],
  "students.read": [...OFFICE, assigned("teacher")],
  "students.write": ["administrator", "registrar"],
  "fees.read": ["administrator", "principal", "accountant", "viewer"],
  /** Fee records, payments, discounts, receipts. */
  "fees.write": ["administrator", "accountant"],
  "fee_plans.read": ["administrator", "principal", "accountant", "viewer"],
  "fee_plans.manage": ["administrator"],
  "fee_plans.apply": ["administrator", "accountant"],
  "results.read": ["administrator", "principal", assigned("teacher"), "viewer"],
  /** Marks: create and edit a student's result. */
  "results.write": ["administrator", assigned("teacher")],
  /** Removing a student's whole result is the office's, not a teacher's. */
  "results.delete": ["administrator"],
  "results.publish": ["administrator", "principal"],
  /** A whole spreadsheet of marks at once: no per-subject narrowing, so not a teacher's. */
  "results.import": ["administrator"],
  "selection.read": ["administrator", "principal", "registrar", "viewer"],
  "selection.manage": ["administrator", "registrar"],
  "news.read": ["administrator", "principal", "registrar", "viewer"],
  "news.manage": ["administrator", "registrar"],
  "audit.read": ["administrator", "principal"],
  "settings.read": ["administrator", "principal", "accountant", "viewer"],
  "settings.manage": ["administrator"],
  "staff.manage": ["administrator"],
  /** The guardians' messages log, its counts and settings (docs/product.md#guardians-and-messages). */
  "messages.read": ["administrator", "principal", "accountant", "registrar"],
  /** Retry a failed message; switch kinds on and off; the daily hour. */
  "messages.manage": ["administrator"],
  "print.report_cards": ["administrator", "principal"],
  /** Receipts and fee statements. */
  "print.statements": ["administrator", "principal", "accountant"],
} as const satisfies Record<string, readonly Grant[]>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * How far `role` holds `permission`: "all", "assigned" (only the grades and subjects assigned to the person), or null
 * (not at all). The one question every narrowing asks, on the server and in the console.
 */
export function scopeOf(role: StaffRole, permission: Permission): Scope | null {
  for (const grant of PERMISSIONS[permission] as readonly Grant[]) {
    if (grant === role) return "all";
    if (typeof grant === "object" && grant.role === role) return grant.scope;
  }
  return null;
}

/** True when `role` holds `permission` (however far). */
export function can(role: StaffRole, permission: Permission): boolean {
  return scopeOf(role, permission) !== null;
}

/** The roles that hold `permission` (however far), in the table's order. */
export function rolesWith(permission: Permission): StaffRole[] {
  return STAFF_ROLES.filter((role) => can(role, permission));
}

/** True when some permission of `role` reaches only its assignments: such a role keeps grades and subjects. */
export function hasAssignedScope(role: StaffRole): boolean {
  return (Object.keys(PERMISSIONS) as Permission[]).some((p) => scopeOf(role, p) === "assigned");
}

/** The permissions of a role, for the console (what to show) and the session answer. */
export function permissionsOf(role: StaffRole): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(role, p));
}

/** The permission a bulk import of `kind` needs: the same as writing those records one by one. */
export const IMPORT_PERMISSION = {
  students: "students.write",
  fees: "fees.write",
  results: "results.import",
  teachers: "selection.manage",
} as const satisfies Record<string, Permission>;
