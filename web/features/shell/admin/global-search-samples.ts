/**
 * Fallback sample data for the dashboard's global search only (docs/product.md#global-search): shown, and
 * labelled "Sample data", when a search call fails. A small fixed list; never sent anywhere.
 */
import type { AdminListPage } from "~/lib/admin-events";
import type { SearchHit } from "./global-search-model";

const students = [
  {
    id: 1,
    studentId: "STU001",
    name: "Ahmed Hassan",
    email: "ahmed.hassan@example.com",
    phone: "01000000001",
    grade: "Primary-4",
    status: "active",
  },
  {
    id: 2,
    studentId: "STU002",
    name: "Mariam Adel",
    email: "mariam.adel@example.com",
    phone: "01000000002",
    grade: "Prep-3",
    status: "active",
  },
  {
    id: 3,
    studentId: "STU003",
    name: "Omar Khaled",
    email: "omar.khaled@example.com",
    phone: "01000000003",
    grade: "KG-2",
    status: "inactive",
  },
  {
    id: 4,
    studentId: "STU004",
    name: "Salma Youssef",
    email: "salma.youssef@example.com",
    phone: "01000000004",
    grade: "Prep-1",
    status: "active",
  },
];

const fees = [
  {
    student: "Ahmed Hassan",
    studentId: "STU001",
    feeType: "Tuition",
    amount: 15000,
    status: "Paid",
  },
  {
    student: "Mariam Adel",
    studentId: "STU002",
    feeType: "Library",
    amount: 500,
    status: "Pending",
  },
  {
    student: "Omar Khaled",
    studentId: "STU003",
    feeType: "Transport",
    amount: 3000,
    status: "Overdue",
  },
  {
    student: "Salma Youssef",
    studentId: "STU004",
    feeType: "Lab",
    amount: 750,
    status: "Pending",
  },
];

const results = [
  {
    student: "Ahmed Hassan",
    studentId: "STU001",
    subject: "Mathematics",
    examType: "Mid-term",
    marks: 88,
    totalMarks: 100,
    grade: "A",
  },
  {
    student: "Mariam Adel",
    studentId: "STU002",
    subject: "Science",
    examType: "Final",
    marks: 95,
    totalMarks: 100,
    grade: "A+",
  },
  {
    student: "Salma Youssef",
    studentId: "STU004",
    subject: "English",
    examType: "Quiz",
    marks: 17,
    totalMarks: 20,
    grade: "A",
  },
];

const hits: Record<AdminListPage, SearchHit[]> = {
  students: students.map((s) => ({
    page: "students",
    key: `sample-s-${s.id}`,
    name: s.name,
    studentNo: s.studentId,
    details: [s.grade],
    status: s.status,
  })),
  fees: fees.map((f, i) => ({
    page: "fees",
    key: `sample-f-${i}`,
    name: f.student,
    studentNo: f.studentId,
    details: [f.feeType],
    status: f.status.toLowerCase(),
  })),
  results: results.map((r, i) => ({
    page: "results",
    key: `sample-r-${i}`,
    name: r.student,
    studentNo: r.studentId,
    details: [r.subject, r.examType, `${r.marks}/${r.totalMarks}`],
  })),
};

/** Sample hits of a page whose name or student ID contains `query` (case-insensitive). */
export function sampleMatches(page: AdminListPage, query: string): SearchHit[] {
  const q = query.trim().toLowerCase();
  return hits[page]
    .filter((h) => h.name.toLowerCase().includes(q) || h.studentNo.toLowerCase().includes(q))
    .slice(0, 5);
}
