/**
 * The demo school's staff (docs/product.md#staff-and-roles): one account per role besides the first Administrator, so
 * that `npm start` shows what each role sees. Local demo only; their shared password is printed by `npm start`.
 */
import { admins, staffAssignments } from "../../db/schema";
import type { SeedDb } from "./index";
import { hashPassword } from "../../worker/services/password";

/** The demo accounts' password (≥ 12 characters, like every password); not temporary, to try the roles at once. */
export const DEMO_STAFF_PASSWORD = "demo-staff-password";

const STAFF = [
  { username: "principal", displayName: "أ. منى عبد الرحمن", role: "principal" },
  { username: "accountant", displayName: "أ. كريم فؤاد", role: "accountant" },
  { username: "registrar", displayName: "أ. هالة سمير", role: "registrar" },
  { username: "teacher", displayName: "أ. أحمد الشريف", role: "teacher" },
  { username: "viewer", displayName: "أ. ليلى حسن", role: "viewer" },
] as const;

/** The teacher's grades and subjects. */
const TEACHES = [
  { grade: "Prep-3", subjectName: "Mathematics" },
  { grade: "Prep-3", subjectName: "Science" },
  { grade: "Prep-2", subjectName: "Mathematics" },
];

/** Adds the demo accounts (skipping a username that exists). `pepper` is the local password pepper. */
export async function seedDemoStaff(db: SeedDb, pepper: string): Promise<string[]> {
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD, pepper);
  const rows = await db
    .insert(admins)
    .values(STAFF.map((s) => ({ ...s, passwordHash })))
    .onConflictDoNothing()
    .returning({ id: admins.id, role: admins.role, username: admins.username });
  const teacher = rows.find((r) => r.role === "teacher");
  if (teacher) await db.insert(staffAssignments).values(TEACHES.map((t) => ({ staffId: teacher.id, ...t })));
  return rows.map((r) => r.username);
}
