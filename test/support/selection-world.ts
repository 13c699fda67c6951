/**
 * A self-contained selection world for tests: its own active subjects, teachers, period and Prep-3 students.
 * Works with the Worker's client (API tests) and the Node client (load tests): pass the database.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "../../db/schema";

const { selectionPeriods, selectionSubjects, students, teachers } = schema;
type AnyDb = LibSQLDatabase<typeof schema>;

let seq = 0;
const uid = (p: string) => `${p}${Date.now().toString(36)}${++seq}${Math.random().toString(36).slice(2, 6)}`;
const base = (Date.now() % 10_000_000) * 1_000 + Math.floor(Math.random() * 1_000);
/** A unique 14-digit national-ID-shaped number (not checksum-valid; the API does not require it). */
export function uniqueStudentNo(): string {
  seq += 1;
  return `8${String((base + seq * 7919) % 1e13).padStart(13, "0")}`;
}

export interface World {
  periodId: number;
  subjects: { id: number; teachers: number[] }[];
  students: string[];
}

/**
 * Deactivates every other subject and period (test files run one at a time), then creates `subjects` active
 * subjects each with teachers of the given capacities, an active period around now, and `studentCount` students.
 */
export async function makeWorld(
  db: AnyDb,
  opts: {
    subjects: number;
    caps: Array<[number, number]>;
    studentCount: number;
    allowChanges?: boolean;
    periodStart?: Date;
    periodEnd?: Date;
  },
): Promise<World> {
  const now = Date.now();
  await db.update(selectionSubjects).set({ isActive: false });
  await db.update(selectionPeriods).set({ isActive: false });
  const [period] = await db
    .insert(selectionPeriods)
    .values({
      periodName: uid("period"),
      startDate: (opts.periodStart ?? new Date(now - 86_400_000)).toISOString(),
      endDate: (opts.periodEnd ?? new Date(now + 30 * 86_400_000)).toISOString(),
      isActive: true,
      allowChanges: opts.allowChanges ?? true,
      maxSubjects: Math.max(5, opts.subjects),
    })
    .returning();
  const subjects: World["subjects"] = [];
  for (let i = 0; i < opts.subjects; i++) {
    const [s] = await db
      .insert(selectionSubjects)
      .values({ name: uid(`subj${i}-`) })
      .returning();
    const ts = await db
      .insert(teachers)
      .values(
        opts.caps.map(([c1, c2], j) => ({
          teacherCode: uid(`T${i}${j}-`),
          fullName: `أ. معلم ${i}-${j}`,
          subjectId: s!.id,
          session1Capacity: c1,
          session2Capacity: c2,
        })),
      )
      .returning({ id: teachers.id });
    subjects.push({ id: s!.id, teachers: ts.map((t) => t.id) });
  }
  const nos = Array.from({ length: opts.studentCount }, () => uniqueStudentNo());
  for (let i = 0; i < nos.length; i += 200) {
    await db.insert(students).values(
      nos.slice(i, i + 200).map((studentNo) => ({
        studentNo,
        fullName: "طالب",
        nationality: "Egyptian",
        currentGrade: "Prep-3",
        buildingNo: 5,
        gender: "male" as const,
      })),
    );
  }
  return { periodId: period!.id, subjects, students: nos };
}

/** Seats taken per teacher, and the stored selection rows per teacher and session. */
export async function seatLedger(db: AnyDb, teacherIds: number[]) {
  const rows = await db.select().from(teachers).where(inArray(teachers.id, teacherIds));
  const counts = await db.all<{ teacher_id: number; session_number: number; n: number }>(
    sql`SELECT teacher_id, session_number, count(*) AS n FROM student_selections WHERE teacher_id IN (${sql.join(
      teacherIds.map((id) => sql`${id}`),
      sql`, `,
    )}) GROUP BY teacher_id, session_number`,
  );
  return rows.map((t) => ({
    id: t.id,
    cap1: t.session1Capacity,
    cap2: t.session2Capacity,
    taken1: t.seatsTaken1,
    taken2: t.seatsTaken2,
    rows1: Number(counts.find((c) => c.teacher_id === t.id && c.session_number === 1)?.n ?? 0),
    rows2: Number(counts.find((c) => c.teacher_id === t.id && c.session_number === 2)?.n ?? 0),
  }));
}

export async function setPeriodActive(db: AnyDb, periodId: number, isActive: boolean) {
  await db.update(selectionPeriods).set({ isActive }).where(eq(selectionPeriods.id, periodId));
}
