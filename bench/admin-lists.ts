/**
 * Benchmark 3, admin lists at scale (issue 7): 5,000 generated students with fee records on top of the demo data
 * (direct inserts, 500 per batch), then `GET /api/students` and `GET /api/fees` under autocannon (10 connections,
 * 10 s, admin bearer token), and the Students page in Chromium with 4× CPU throttling: time to usable and
 * search-box typing (bench/lib/students-page.ts). Errors: any list response other than 200.
 */
import { sql } from "drizzle-orm";
import { feeRecords, students } from "../db/schema";
import { FAMILY_NAMES, FEMALE_FIRST_NAMES, MALE_FIRST_NAMES } from "../db/seed/data/names";
import { uniqueStudentNo } from "../test/support/selection-world";
import type { BenchServer } from "./lib/server";
import { adminToken } from "./lib/server";
import { alone, load, median, type LoadFigures } from "./lib/load";
import { fig, type BenchResult } from "./lib/report";
import { measureStudentsPage } from "./lib/students-page";

const GENERATED = 5_000;
const BATCH = 500;
const GRADES = ["KG-1", "KG-2", "Primary-1", "Primary-2", "Primary-3", "Primary-4", "Primary-5", "Primary-6", "Prep-1", "Prep-2", "Prep-3", "Private"];
/** Yearly fee per grade in piastres (9,000 – 20,000 EGP). */
const feeFor = (gradeIndex: number) => (9_000 + gradeIndex * 1_000) * 100;
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

/**
 * Inserts GENERATED students (fresh 14-digit numbers, Arabic names) and a fee record each; nothing paid, so the
 * records agree with their (absent) payment rows. Returns the number of one student in the middle of the list.
 */
async function generate(server: BenchServer): Promise<string> {
  let middle = "";
  for (let i = 0; i < GENERATED; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, GENERATED - i) }, (_, j) => {
      const k = i + j;
      const female = k % 2 === 1;
      const first = pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES, k * 7);
      const name = `${first} ${pick(MALE_FIRST_NAMES, k * 13 + 5)} ${pick(FAMILY_NAMES, k * 31 + 3)}`;
      return { studentNo: uniqueStudentNo(), fullName: name, nationality: "Egyptian", religion: "Muslim", currentGrade: pick(GRADES, k), buildingNo: (k % 6) + 1, gender: (female ? "female" : "male") as "male" | "female" };
    });
    if (i === Math.floor(GENERATED / 2 / BATCH) * BATCH) middle = rows[0]!.studentNo;
    const inserted = await server.db.insert(students).values(rows).returning({ id: students.id, grade: students.currentGrade });
    await server.db.insert(feeRecords).values(inserted.map((s) => ({ studentId: s.id, grade: s.grade, totalPiastres: feeFor(GRADES.indexOf(s.grade)), paidPiastres: 0 })));
  }
  return middle;
}

async function listLoad(server: BenchServer, token: string, path: string): Promise<LoadFigures & { bytes: number; rows: number; aloneMs: number }> {
  const headers = { Authorization: `Bearer ${token}` };
  const probe = await fetch(`${server.url}${path}`, { headers });
  const text = await probe.text();
  if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}: ${text.slice(0, 200)}`);
  const body = JSON.parse(text) as Record<string, unknown[]>;
  const rows = Object.values(body).find(Array.isArray)?.length ?? 0;
  const aloneMs = await alone(`${server.url}${path}`, 5, { headers });
  const figures = await load({ url: `${server.url}${path}`, connections: 10, duration: 10, headers });
  return { ...figures, bytes: Buffer.byteLength(text), rows, aloneMs };
}

export async function adminLists(server: BenchServer): Promise<BenchResult> {
  const started = Date.now();
  const target = await generate(server);
  const [{ n: total }] = await server.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM students`);
  const token = await adminToken(server.url);

  const studentsApi = await listLoad(server, token, "/api/students");
  const feesApi = await listLoad(server, token, "/api/fees");
  const page = await measureStudentsPage(`${server.url}/admin/dashboard/students`, token, target);
  const paint = page.keystrokes.map((k) => k.paintMs);

  const errors: string[] = [];
  for (const [name, f] of [["students", studentsApi], ["fees", feesApi]] as const) {
    const other = Object.entries(f.statuses).filter(([s]) => s !== "200");
    if (other.length || f.errors || f.timeouts) errors.push(`/api/${name}: ${JSON.stringify(f.statuses)}, ${f.errors} errors, ${f.timeouts} timeouts`);
  }
  return {
    name: "3 Admin lists",
    figures: [
      fig("students in the database", Number(total), ""),
      fig("GET /api/students alone (median of 5 sequential)", studentsApi.aloneMs, "ms"),
      fig("GET /api/students p50 (10 conn, 10 s)", studentsApi.p50, "ms", { op: "<=", value: 150 }),
      fig("GET /api/students p99", studentsApi.p99, "ms"),
      fig("GET /api/students requests/s", studentsApi.rps, "req/s"),
      fig("GET /api/students response size", studentsApi.bytes / 1024, "KB"),
      fig("GET /api/fees alone (median of 5 sequential)", feesApi.aloneMs, "ms"),
      fig("GET /api/fees p50 (10 conn, 10 s)", feesApi.p50, "ms", { op: "<=", value: 150 }),
      fig("GET /api/fees p99", feesApi.p99, "ms"),
      fig("GET /api/fees requests/s", feesApi.rps, "req/s"),
      fig("GET /api/fees response size", feesApi.bytes / 1024, "KB"),
      fig("Students page usable, 4× CPU (median of 3 cold loads)", median(page.usableMs), "ms", { op: "<=", value: 1500 }),
      fig("search keystroke → table painted, median", paint.length ? median(paint) : null, "ms"),
      fig("search keystroke → table painted, worst", paint.length ? Math.max(...paint) : null, "ms", { op: "<=", value: 100 }),
    ],
    errors,
    details: { generated: GENERATED, studentsApi, feesApi, studentsPage: page, searchedFor: target },
    seconds: (Date.now() - started) / 1000,
  };
}
