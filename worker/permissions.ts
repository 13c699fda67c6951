/**
 * Staff roles and the one permission table (docs/product.md#staff-and-roles, docs/decisions/0035-staff-roles.md).
 * Every admin route names the permission it needs (worker/route-permission.ts); the console hides what a role may not
 * do by the same table. Dependency-free: the database schema, the Worker and the console all import it.
 */

/** The built-in roles, in the order the console lists them. */
export const STAFF_ROLES = ["administrator", "principal", "registrar", "accountant", "teacher", "viewer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const ALL: readonly StaffRole[] = STAFF_ROLES;
/** Every role but the teacher's: the teacher reads only the grades assigned to them (worker/services/teaching.ts). */
const OFFICE: readonly StaffRole[] = ["administrator", "principal", "registrar", "accountant", "viewer"];

/**
 * Who may do what. A teacher's `students.read`, `results.read` and `results.write` are further narrowed to the grades
 * and subjects assigned to them, and their `results.write` to terms not yet published (worker/services/teaching.ts).
 */
export const PERMISSIONS = {
  /** Their own session: who am I, sign out, change my password. */
  "session.own": ALL,
  "dashboard.read": OFFICE,
  "students.read": ALL,
  "students.write": ["administrator", "registrar"],
  "fees.read": ["administrator", "principal", "accountant", "viewer"],
  /** Fee records, payments, discounts, receipts. */
  "fees.write": ["administrator", "accountant"],
  "fee_plans.read": ["administrator", "principal", "accountant", "viewer"],
  "fee_plans.manage": ["administrator"],
  "fee_plans.apply": ["administrator", "accountant"],
  "results.read": ["administrator", "principal", "teacher", "viewer"],
  /** Marks: create and edit a student's result. */
  "results.write": ["administrator", "teacher"],
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
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

/** True when `role` holds `permission`. */
export function can(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
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
