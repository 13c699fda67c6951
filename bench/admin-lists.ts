/**
 * Benchmark 3, admin lists at scale: 5,000 generated students with fee records on top of the demo data
 * (direct inserts, 500 per batch), then the list requests the console makes under autocannon (10 connections,
 * 10 s, admin bearer token): the first page in the default size (`?page=1&limit=15`) and a search request (an ID
 * prefix for students, an Arabic name for fees and guardians, which takes the folded-name path), for
 * `GET /api/students`, `GET /api/fees` and `GET /api/admin/guardians` (one guardian number per two students); the unpaged full lists (CSV export, global search) are measured the same way for reference.
 * Then the Students page in Chromium with 4× CPU throttling: time to usable and search-box typing, where the text
 * goes to the server once it has rested SEARCH_DEBOUNCE_MS (bench/lib/students-page.ts); the keystroke figures are
 * the time after that wait (an emptied box applies at once). Errors: any list response other than 200.
 */
import { sql } from "drizzle-orm";
import { feeRecords, studentGuardians, students } from "../db/schema";
import { FAMILY_NAMES, FEMALE_FIRST_NAMES, MALE_FIRST_NAMES } from "../scripts/seed/data/names";
import { uniqueStudentNo } from "../test/support/selection-world";
import type { BenchServer } from "./lib/server";
import { adminToken } from "./lib/server";
import { alone, load, median, type LoadFigures } from "./lib/load";
import { fig, type BenchResult } from "./lib/report";
import { measureStudentsPage } from "./lib/students-page";
import { SEARCH_DEBOUNCE_MS } from "../web/lib/use-debounce";
import { currentYearSql } from "../worker/services/fee-year";

const GENERATED = 5_000;
const BATCH = 500;
const GRADES = [
  "KG-1",
  "KG-2",
  "Primary-1",
  "Primary-2",
  "Primary-3",
  "Primary-4",
  "Primary-5",
  "Primary-6",
  "Prep-1",
  "Prep-2",
  "Prep-3",
  "Private",
];
/** Yearly fee per grade in piastres (9,000 – 20,000 EGP). */
const feeFor = (gradeIndex: number) => (9_000 + gradeIndex * 1_000) * 100;
/** A fees search as typed (see adminLists). */
const NAME_SEARCH = "ابراهيم";
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
      return {
        studentNo: uniqueStudentNo(),
        fullName: name,
        nationality: "Egyptian",
        religion: "Muslim",
        currentGrade: pick(GRADES, k),
        buildingNo: (k % 6) + 1,
        gender: (female ? "female" : "male") as "male" | "female",
      };
    });
    if (i === Math.floor(GENERATED / 2 / BATCH) * BATCH) middle = rows[0]!.studentNo;
    const inserted = await server.db
      .insert(students)
      .values(rows)
      .returning({ id: students.id, grade: students.currentGrade });
    // Two children per guardian number (siblings), so the Guardians list groups as a school's does.
    await server.db.insert(studentGuardians).values(
      inserted.map((s, j) => {
        const family = Math.floor((i + j) / 2);
        return {
          studentId: s.id,
          position: 0,
          fullName: `${pick(MALE_FIRST_NAMES, family * 13 + 5)} ${pick(FAMILY_NAMES, family * 31 + 3)}`,
          relation: "father" as const,
          phone: `+2010${String(family).padStart(8, "0")}`,
        };
      }),
    );
    await server.db.insert(feeRecords).values(
      inserted.map((s) => ({
        studentId: s.id,
        academicYearName: currentYearSql,
        grade: s.grade,
        totalPiastres: feeFor(GRADES.indexOf(s.grade)),
        paidPiastres: 0,
      })),
    );
  }
  return middle;
}

async function listLoad(
  server: BenchServer,
  token: string,
  path: string,
): Promise<LoadFigures & { bytes: number; rows: number; aloneMs: number }> {
  const headers = { Authorization: `Bearer ${token}` };
  const probe = await fetch(`${server.url}${path}`, { headers });
  const text = await probe.text();
  if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}: ${text.slice(0, 200)}`);
  const body = JSON.parse(text) as Record<string, unknown[]>;
  const rows = Object.values(body).find(Array.isArray)?.length ?? 0;
  if (rows === 0) throw new Error(`${path} answered no rows`);
  const aloneMs = await alone(`${server.url}${path}`, 5, { headers });
  const figures = await load({ url: `${server.url}${path}`, connections: 10, duration: 10, headers });
  return { ...figures, bytes: Buffer.byteLength(text), rows, aloneMs };
}

export async function adminLists(server: BenchServer): Promise<BenchResult> {
  const started = Date.now();
  const target = await generate(server);
  const [{ n: total }] = await server.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM students`);
  const token = await adminToken(server.url);

  // What the console asks for: the first page in the default size, and a search as typed into the box.
  const firstPage = "page=1&limit=15";
  // "ابراهيم" as people type it, without the hamza of the stored "إبراهيم": the folded-name path.
  const nameSearch = encodeURIComponent(NAME_SEARCH);
  const lists = {
    students: await listLoad(server, token, `/api/students?${firstPage}`),
    studentsSearch: await listLoad(server, token, `/api/students?search=${target.slice(0, 7)}&${firstPage}`),
    fees: await listLoad(server, token, `/api/fees?${firstPage}`),
    feesSearch: await listLoad(server, token, `/api/fees?search=${nameSearch}&${firstPage}`),
    guardians: await listLoad(server, token, `/api/admin/guardians?${firstPage}`),
    guardiansSearch: await listLoad(server, token, `/api/admin/guardians?search=${nameSearch}&${firstPage}`),
    // Reference: the unpaged answer (CSV export, global search; docs/product.md#students).
    studentsFull: await listLoad(server, token, "/api/students"),
    feesFull: await listLoad(server, token, "/api/fees"),
  };
  const page = await measureStudentsPage(`${server.url}/admin/dashboard/students`, token, target);
  const paint = page.keystrokes.map((k) => k.paintMs - (k.value === "" ? 0 : SEARCH_DEBOUNCE_MS));

  const errors: string[] = [];
  for (const [name, f] of Object.entries(lists)) {
    const other = Object.entries(f.statuses).filter(([s]) => s !== "200");
    if (other.length || f.errors || f.timeouts)
      errors.push(`${name}: ${JSON.stringify(f.statuses)}, ${f.errors} errors, ${f.timeouts} timeouts`);
  }
  const listFigures = (label: string, f: (typeof lists)["students"], target?: boolean) => [
    fig(`${label} alone (median of 5 sequential)`, f.aloneMs, "ms"),
    fig(`${label} p50 (10 conn, 10 s)`, f.p50, "ms", target ? { op: "<=", value: 150 } : undefined),
    fig(`${label} p99`, f.p99, "ms"),
    fig(`${label} requests/s`, f.rps, "req/s"),
    fig(`${label} response size (${f.rows} rows)`, f.bytes / 1024, "KB"),
  ];
  return {
    name: "3 Admin lists",
    figures: [
      fig("students in the database", Number(total), ""),
      ...listFigures("GET /api/students?page=1&limit=15", lists.students, true),
      ...listFigures("GET /api/students?search={ID prefix}&page=1&limit=15", lists.studentsSearch, true),
      ...listFigures("GET /api/fees?page=1&limit=15", lists.fees, true),
      ...listFigures("GET /api/fees?search={Arabic name}&page=1&limit=15", lists.feesSearch, true),
      ...listFigures("GET /api/admin/guardians?page=1&limit=15", lists.guardians, true),
      ...listFigures("GET /api/admin/guardians?search={Arabic name}&page=1&limit=15", lists.guardiansSearch, true),
      ...listFigures("GET /api/students (full list, reference)", lists.studentsFull),
      ...listFigures("GET /api/fees (full list, reference)", lists.feesFull),
      fig("Students page usable, 4× CPU (median of 3 cold loads)", median(page.usableMs), "ms", {
        op: "<=",
        value: 1500,
      }),
      fig("search keystroke → table painted (after the debounce), median", paint.length ? median(paint) : null, "ms"),
      fig(
        "search keystroke → table painted (after the debounce), worst",
        paint.length ? Math.max(...paint) : null,
        "ms",
        { op: "<=", value: 100 },
      ),
    ],
    errors,
    details: { generated: GENERATED, ...lists, studentsPage: page, searchedFor: target, nameSearch: NAME_SEARCH },
    seconds: (Date.now() - started) / 1000,
  };
}
