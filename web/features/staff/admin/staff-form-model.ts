/**
 * The Staff form's values and the request bodies built from them (docs/product.md#staff-and-roles): a new account
 * sends everything; an edit sends only what changed, so an unchanged role is never sent (the last administrator's
 * name can be edited) and the audit log records only real changes. Only a role whose permissions reach its
 * assignments (a teacher, worker/permissions.ts) has classes: another role sends an empty list (the server clears them
 * too). Checked with the API's own schemas. Pure, so it is unit-tested.
 */
import {
  staffCreateSchema,
  staffUpdateSchema,
  type StaffCreateInput,
  type StaffUpdateInput,
} from "@worker/contracts/staff";
import { hasAssignedScope } from "@worker/permissions";
import type { StaffRole } from "@common/staff-roles";
import { assignmentsOf, tickedOf, type Ticked } from "./assignment-model";

/** What the inputs hold. */
export interface StaffFormValues {
  username: string;
  display_name: string;
  role: StaffRole;
  password: string;
}

/** The fields a message can be shown under. */
export type StaffField = keyof StaffFormValues | "assignments";
const FIELDS: readonly string[] = [
  "username",
  "display_name",
  "role",
  "password",
  "assignments",
] satisfies StaffField[];
const isField = (name: string): name is StaffField => FIELDS.includes(name);

/** What an existing account's form starts with (the parts of `StaffJson` it shows). */
export interface StaffFormSource {
  username: string;
  display_name: string;
  role: StaffRole;
  assignments: readonly { grade: string; subject_name: string }[];
}

/** The form's first values: empty for a new account (role: teacher, the most common), else the account's. */
export function initialValues(member: StaffFormSource | null): { values: StaffFormValues; ticked: Ticked } {
  if (!member) return { values: { username: "", display_name: "", role: "teacher", password: "" }, ticked: new Set() };
  const { username, display_name, role } = member;
  return { values: { username, display_name, role, password: "" }, ticked: tickedOf(member.assignments) };
}

/** The body of `POST /api/admin/staff`, or the first problem of each field. */
export function createBody(
  values: StaffFormValues,
  ticked: Ticked,
): { body: StaffCreateInput } | { problems: Partial<Record<StaffField, string>> } {
  const parsed = staffCreateSchema.safeParse({
    ...values,
    assignments: hasAssignedScope(values.role) ? assignmentsOf(ticked) : [],
  });
  return parsed.success ? { body: parsed.data } : { problems: problemsOf(parsed.error.issues) };
}

const sameAssignments = (a: readonly { grade: string; subject_name: string }[], b: Ticked) => {
  const before = tickedOf(a);
  return before.size === b.size && [...b].every((k) => before.has(k));
};

/** The body of `PUT /api/admin/staff/{id}` with only what changed (empty when nothing did), or the problems. */
export function updateBody(
  member: StaffFormSource,
  values: StaffFormValues,
  ticked: Ticked,
): { body: StaffUpdateInput } | { problems: Partial<Record<StaffField, string>> } {
  const wanted = hasAssignedScope(values.role) ? ticked : new Set<string>();
  const draft: Record<string, unknown> = {};
  if (values.display_name.trim() !== member.display_name) draft.display_name = values.display_name;
  if (values.role !== member.role) draft.role = values.role;
  if (!sameAssignments(member.assignments, wanted)) draft.assignments = assignmentsOf(wanted);
  const parsed = staffUpdateSchema.safeParse(draft);
  return parsed.success ? { body: parsed.data } : { problems: problemsOf(parsed.error.issues) };
}

/**
 * The first message per form field of a list of issues: zod's (path as a list) or the API's (`"assignments.3.grade"`,
 * with the message a `reason()` text); issues of no field of the form are dropped.
 */
export function problemsOf(
  issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
): Partial<Record<StaffField, string>> {
  const out: Partial<Record<StaffField, string>> = {};
  for (const issue of issues) {
    const head = String((typeof issue.path === "string" ? issue.path.split(".") : issue.path)[0] ?? "");
    if (isField(head) && issue.message) out[head] ??= issue.message;
  }
  return out;
}
