/**
 * Demo Prep-3 teacher selection: five subjects, 2-4 teachers each, an active period around `now`, one past
 * inactive period, and ~40 students who already chose (teacher seat counters equal the selection rows).
 */
import type {
  selectionPeriods,
  selectionRegistrations,
  selectionSubjects,
  studentSelections,
  teachers,
} from "../../db/schema";
import type { Rng } from "./rng";
import type { SampleStudents, StudentRow } from "./build-students";
import { FAMILY_NAMES, FEMALE_FIRST_NAMES, MALE_FIRST_NAMES } from "./data/names";

const DAY_MS = 86_400_000;
const SELECTING_STUDENTS = 40;
/** Seats per subject (both sessions of all its teachers) are raised to at least this, to fit all of Prep-3. */
const MIN_SEATS_PER_SUBJECT = 130;

const SUBJECTS = [
  { name: "الرياضيات", description: "Mathematics", code: "MATH" },
  { name: "اللغة العربية", description: "Arabic Language", code: "ARAB" },
  { name: "اللغة الإنجليزية", description: "English Language", code: "ENG" },
  { name: "العلوم", description: "Science", code: "SCI" },
  { name: "الدراسات الاجتماعية", description: "Social Studies", code: "SOC" },
] as const;

export type SubjectRow = typeof selectionSubjects.$inferInsert & { id: number };
export type TeacherRow = typeof teachers.$inferInsert & {
  id: number;
  subjectId: number;
  session1Capacity: number;
  session2Capacity: number;
  seatsTaken1: number;
  seatsTaken2: number;
};
export type PeriodRow = typeof selectionPeriods.$inferInsert & { id: number };
export type SelectionRow = typeof studentSelections.$inferInsert;
export type RegistrationRow = typeof selectionRegistrations.$inferInsert;

/** Id offsets (current max id) of the selection tables. */
export interface SelectionBaseIds {
  subject: number;
  teacher: number;
  period: number;
}

/** Period name used for the active demo period. */
export const ACTIVE_PERIOD_NAME = "العام الدراسي 2024-2025 - اختيار معلمي الصف الثالث الإعدادي";

/**
 * Builds the selection setup. Active period: now − 3 days .. now + 30 days. Selecting students (active Prep-3,
 * never a sample) saved first at now − 2 days; `update_deadline` = min(period end, first save + 7 days), ISO UTC.
 */
export function buildSelection(
  rng: Rng,
  students: readonly StudentRow[],
  base: SelectionBaseIds,
  samples: SampleStudents,
  now: Date,
) {
  const subjects: SubjectRow[] = SUBJECTS.map((s, i) => ({
    id: base.subject + i + 1,
    name: s.name,
    description: s.description,
    isActive: true,
    maxSelections: 5,
  }));

  const teacherRows: TeacherRow[] = [];
  const usedNames = new Set<string>();
  SUBJECTS.forEach((s, si) => {
    const count = rng.int(2, 4);
    const mine: TeacherRow[] = [];
    for (let i = 0; i < count; i++) {
      let name = "";
      do {
        const male = rng.chance(0.5);
        const title = rng.pick(["أ. ", "أ/ "]);
        name = `${title}${rng.pick(male ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES)} ${rng.pick(FAMILY_NAMES)}`;
      } while (usedNames.has(name));
      usedNames.add(name);
      mine.push({
        id: base.teacher + teacherRows.length + mine.length + 1,
        teacherCode: `T-${s.code}-${String(i + 1).padStart(2, "0")}`,
        fullName: name,
        buildingNo: rng.pick(["5", "6"] as const),
        subjectId: subjects[si].id,
        session1Capacity: rng.int(20, 35),
        session2Capacity: rng.int(20, 35),
        seatsTaken1: 0,
        seatsTaken2: 0,
        isActive: true,
      });
    }
    const seats = () => mine.reduce((n, t) => n + t.session1Capacity + t.session2Capacity, 0);
    while (seats() < MIN_SEATS_PER_SUBJECT) {
      const t = rng.pick(mine);
      if (rng.chance(0.5) && t.session1Capacity < 35) t.session1Capacity++;
      else if (t.session2Capacity < 35) t.session2Capacity++;
    }
    teacherRows.push(...mine);
  });

  const start = new Date(now.getTime() - 3 * DAY_MS);
  const end = new Date(now.getTime() + 30 * DAY_MS);
  const periods: PeriodRow[] = [
    {
      id: base.period + 1,
      periodName: "العام الدراسي 2023-2024 - اختيار معلمي الصف الثالث الإعدادي",
      startDate: "2023-09-17T06:00:00.000Z",
      endDate: "2023-10-15T21:59:59.000Z",
      isActive: false,
      allowChanges: true,
      maxSubjects: 5,
    },
    {
      id: base.period + 2,
      periodName: ACTIVE_PERIOD_NAME,
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      isActive: true,
      allowChanges: true,
      maxSubjects: 5,
    },
  ];
  const activePeriodId = base.period + 2;

  const sampleIds = new Set(Object.values(samples).map((s) => s.id));
  const candidates = students.filter((s) => s.currentGrade === "Prep-3" && s.isActive && !sampleIds.has(s.id));
  const choosers = rng.shuffle(candidates).slice(0, SELECTING_STUDENTS);
  const firstSaved = new Date(now.getTime() - 2 * DAY_MS);
  const deadline = new Date(Math.min(end.getTime(), firstSaved.getTime() + 7 * DAY_MS));
  const selections: SelectionRow[] = [];
  const registrations: RegistrationRow[] = [];
  for (const student of choosers) {
    for (const subject of subjects) {
      const free1 = (t: TeacherRow) => t.session1Capacity - t.seatsTaken1;
      const free2 = (t: TeacherRow) => t.session2Capacity - t.seatsTaken2;
      const open = teacherRows.filter((t) => t.subjectId === subject.id && free1(t) + free2(t) > 0);
      const teacher = rng.pick(open);
      const session = free1(teacher) >= free2(teacher) ? 1 : 2;
      if (session === 1) teacher.seatsTaken1++;
      else teacher.seatsTaken2++;
      selections.push({
        studentId: student.id,
        subjectId: subject.id,
        teacherId: teacher.id,
        sessionNumber: session,
        periodId: activePeriodId,
        selectedAt: firstSaved.toISOString(),
      });
    }
    registrations.push({
      studentId: student.id,
      periodId: activePeriodId,
      firstSavedAt: firstSaved.toISOString(),
      updateDeadline: deadline.toISOString(),
      updateCount: 0,
      lastSavedAt: firstSaved.toISOString(),
    });
  }
  return { subjects, teachers: teacherRows, periods, selections, registrations };
}
