/**
 * Hard-coded sample data of the per-grade demo screens (docs/product.md#per-grade-demo):
 * students, fees in US dollars and exam results for grades 1-12. Held in the browser only; the screens make no
 * calls. The records are built from the fixed lists below with a seeded generator, so a grade always shows the
 * same data. Dates are calendar days (`YYYY-MM-DD`) of the last school year (the one before the current).
 */
import { academicYearOf } from "@worker/lib/fee-schedule";
import { adminLetterGrade, percentage } from "@worker/lib/letter-grades";

/** Demo grades: grade-1 … grade-12. */
export const DEMO_GRADE_COUNT = 12;
/** Fee types. */
export const FEE_TYPES = ["Tuition", "Library", "Lab", "Transport", "Hostel"] as const;
/** Fee statuses. */
export const FEE_STATUSES = ["Pending", "Paid", "Overdue"] as const;
/** Exam types. */
export const EXAM_TYPES = ["Mid-term", "Final", "Quiz", "Assignment", "Project"] as const;

export type FeeType = (typeof FEE_TYPES)[number];
export type FeeStatus = (typeof FEE_STATUSES)[number];
export type ExamType = (typeof EXAM_TYPES)[number];

/** A demo student: id, studentId, name, contact fields, grade, status, enrolled date. */
export interface DemoStudent {
  id: number;
  studentId: string;
  name: string;
  email: string;
  phone: string;
  grade: number;
  status: "active" | "inactive";
  enrolledDate: string;
}

/** A demo fee: student, studentId, feeType, amount in US$, dueDate, status. */
export interface DemoFee {
  id: number;
  student: string;
  studentId: string;
  feeType: FeeType;
  amount: number;
  dueDate: string;
  status: FeeStatus;
}

/** A demo result (client-only). `grade` is the letter, computed from marks. */
export interface DemoResult {
  id: number;
  student: string;
  studentId: string;
  subject: string;
  examType: ExamType;
  marks: number;
  totalMarks: number;
  grade: string;
  date: string;
}

/** The letter grade of a demo result: the admin scale (worker/lib/letter-grades.ts) on marks / totalMarks. */
export function demoLetterGrade(marks: number, totalMarks: number): string {
  return adminLetterGrade(percentage(marks, totalMarks));
}

/** Pass mark of the demo results screen, in percent of the total marks (docs/product.md#letter-grades). */
export const PASS_MARK_PERCENT = 50;

const NAMES: readonly (readonly [string, string])[] = [
  ["عمر حسن عبد الرحمن", "omar.hassan"],
  ["مريم عادل فهمي", "mariam.adel"],
  ["يوسف أحمد سالم", "youssef.ahmed"],
  ["سلمى محمود الشريف", "salma.mahmoud"],
  ["آدم خالد منصور", "adam.khaled"],
  ["فريدة طارق نصار", "farida.tarek"],
  ["مالك إبراهيم عزت", "malek.ibrahim"],
  ["ليلى مصطفى رزق", "laila.mostafa"],
  ["زياد هشام البنا", "ziad.hesham"],
  ["نور وليد شاكر", "nour.walid"],
  ["كريم أشرف لطفي", "karim.ashraf"],
  ["جنى سامح الجمال", "jana.sameh"],
  ["مينا رأفت جرجس", "mina.raafat"],
  ["هنا شريف عوض", "hana.sherif"],
];

const SUBJECTS_BY_STAGE: Record<"primary" | "prep" | "secondary", readonly string[]> = {
  primary: ["Mathematics", "English", "Science", "Art", "Music", "Physical Education"],
  prep: ["Mathematics", "English", "Science", "History", "Geography", "Computer Science"],
  secondary: ["Mathematics", "Physics", "Chemistry", "Biology", "Literature", "Economics"],
};

const TOTAL_BY_EXAM: Record<ExamType, number> = { "Mid-term": 50, Final: 100, Quiz: 20, Assignment: 25, Project: 40 };

/** A small seeded generator (mulberry32), so each grade's data is fixed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

const day = (year: number, month: number, d: number) =>
  `${year}-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
/** The last school year's first calendar year (the current academic year's, less one); read when data is made. */
const lastYear = () => Number(academicYearOf(new Date()).slice(0, 4)) - 1;
/** A day of the last school year: September-December in its first calendar year, January-August in the next. */
const schoolDay = (month: number, d: number) => day(month >= 9 ? lastYear() : lastYear() + 1, month, d);

/** The students of a grade (1-12): 10 of the name list, rotated by grade. */
export function demoStudents(grade: number): DemoStudent[] {
  const rng = generator(grade * 7919);
  return Array.from({ length: 10 }, (_, i) => {
    const [name, handle] = NAMES[(i + grade * 3) % NAMES.length]!;
    return {
      id: grade * 100 + i + 1,
      studentId: `STU-${String(grade).padStart(2, "0")}${String(i + 1).padStart(2, "0")}`,
      name,
      email: `${handle}${grade}@students.elite-schools.edu.eg`,
      phone: `+20 10${rng.int(0, 9)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`,
      grade,
      status: rng.next() < 0.85 ? "active" : "inactive",
      enrolledDate: day(rng.next() < 0.8 ? lastYear() : lastYear() - 1, 9, rng.int(1, 20)),
    };
  });
}

/** The fees of a grade: tuition for every student plus some library, lab, transport and hostel fees. Amounts in US$. */
export function demoFees(grade: number): DemoFee[] {
  const rng = generator(grade * 104729);
  const fees: DemoFee[] = [];
  const amount: Record<FeeType, number> = {
    Tuition: 1200 + grade * 150,
    Library: 60 + grade * 5,
    Lab: 90 + grade * 15,
    Transport: 320,
    Hostel: 950,
  };
  for (const s of demoStudents(grade)) {
    const types: FeeType[] = ["Tuition", ...FEE_TYPES.slice(1).filter(() => rng.next() < 0.3)];
    for (const feeType of types) {
      const r = rng.next();
      fees.push({
        id: fees.length + 1,
        student: s.name,
        studentId: s.studentId,
        feeType,
        amount: amount[feeType],
        dueDate: schoolDay(rng.pick([10, 11, 12, 1, 2, 3]), rng.int(1, 28)),
        status: r < 0.55 ? "Paid" : r < 0.85 ? "Pending" : "Overdue",
      });
    }
  }
  return fees;
}

/** The exam results of a grade: two exams for each of eight students, in the grade's subjects. */
export function demoResults(grade: number): DemoResult[] {
  const rng = generator(grade * 15485863);
  const subjects = SUBJECTS_BY_STAGE[grade <= 6 ? "primary" : grade <= 9 ? "prep" : "secondary"];
  const results: DemoResult[] = [];
  for (const s of demoStudents(grade).slice(0, 8)) {
    for (let k = 0; k < 2; k++) {
      const examType = rng.pick(EXAM_TYPES);
      const totalMarks = TOTAL_BY_EXAM[examType];
      const marks = Math.round(totalMarks * (0.32 + rng.next() * 0.68));
      results.push({
        id: 1_700_000_000_000 + grade * 1000 + results.length,
        student: s.name,
        studentId: s.studentId,
        subject: rng.pick(subjects),
        examType,
        marks,
        totalMarks,
        grade: demoLetterGrade(marks, totalMarks),
        date: schoolDay(rng.pick([10, 11, 12, 1, 2, 3, 4, 5]), rng.int(1, 28)),
      });
    }
  }
  return results;
}
