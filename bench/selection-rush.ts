/**
 * Benchmark 2, selection rush: 1,000 simultaneous complete selections (the smoke run too) from 1,000 client
 * addresses, each with its own Idempotency-Key, by distinct active Prep-3 students without selections (the demo's,
 * topped up with inserted ones), all choosing the same teacher per
 * active subject (the first by id), so exactly min(free seats of those teachers) can be accepted. Five selections
 * sent one at a time first give a lone-request baseline. Afterwards the seat ledger of every teacher is checked:
 * `seats_taken_1/2` equal the selection rows and never exceed capacity.
 */
import { asc, eq, sql } from "drizzle-orm";
import { selectionSubjects, students, teachers } from "../db/schema";
import { seatLedger, uniqueStudentNo } from "../test/support/selection-world";
import type { BenchServer } from "./lib/server";
import { cpuOf, percentile, threadsOf, workerdCpu } from "./lib/load";
import { fig, type BenchResult } from "./lib/report";

/** A request still unanswered after this long counts as an error (a stuck database must not hang CI for long). */
const REQUEST_TIMEOUT_MS = 120_000;
/** Selections sent one at a time before the rush, as a baseline. */
const SOLO = 5;

interface Reply {
  status: number;
  message: string;
  ms: number;
}

/** Active Prep-3 student numbers with no selections and no registration, topped up to `n` with new students. */
async function freshStudents(server: BenchServer, n: number): Promise<string[]> {
  const rows = await server.db.all<{ student_no: string }>(sql`
    SELECT student_no FROM students WHERE current_grade = 'Prep-3' AND is_active = 1
      AND id NOT IN (SELECT student_id FROM student_selections) AND id NOT IN (SELECT student_id FROM selection_registrations)
    ORDER BY id LIMIT ${n}`);
  const nos = rows.map((r) => r.student_no);
  const added = Array.from({ length: n - nos.length }, () => uniqueStudentNo());
  for (let i = 0; i < added.length; i += 200) {
    const chunk = added.slice(i, i + 200).map((studentNo, j) => ({
      studentNo,
      fullName: `طالب اختبار ${i + j + 1}`,
      nationality: "Egyptian",
      currentGrade: "Prep-3",
      buildingNo: 5,
      gender: (j % 2 ? "female" : "male") as "male" | "female",
    }));
    await server.db.insert(students).values(chunk);
  }
  return [...nos, ...added];
}

/** sqld's current thread count (Linux /proc), or null elsewhere. */

/** The i-th family's own client address (the edge's `CF-Connecting-IP`): one per family, as on the morning. */
const clientAddress = (i: number) => `10.${20 + Math.floor(i / 62_500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;

async function select(url: string, studentNo: string, selections: unknown, i = 0): Promise<Reply> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${url}/api/public/selection/student/select`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "CF-Connecting-IP": clientAddress(i),
        "Idempotency-Key": `rush-${studentNo}`,
      },
      body: JSON.stringify({ student_id: studentNo, selections }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let message: string;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? "";
    } catch {
      message = `(not JSON) ${text.slice(0, 100)}`; // e.g. the runtime's own error page
    }
    return { status: res.status, message, ms: performance.now() - t0 };
  } catch (err) {
    const timedOut = (err as Error).name === "TimeoutError";
    return {
      status: 0,
      message: timedOut ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : String((err as Error).cause ?? err),
      ms: performance.now() - t0,
    };
  }
}

export async function selectionRush(server: BenchServer, _opts: { smoke: boolean }): Promise<BenchResult> {
  const started = Date.now();
  // The smoke run is the same rush: CI fails on any answer other than 201/409 in it, never on its timing.
  const n = 1000;
  const { db } = server;
  const subjects = await db
    .select({ id: selectionSubjects.id })
    .from(selectionSubjects)
    .where(eq(selectionSubjects.isActive, true))
    .orderBy(asc(selectionSubjects.id));
  const choice: { subject_id: number; teacher_id: number }[] = [];
  for (const s of subjects) {
    const [t] = await db
      .select()
      .from(teachers)
      .where(sql`${teachers.subjectId} = ${s.id} AND ${teachers.isActive} = 1`)
      .orderBy(asc(teachers.id))
      .limit(1);
    if (!t) throw new Error(`active subject ${s.id} has no active teacher`);
    choice.push({ subject_id: s.id, teacher_id: t.id });
  }
  const chosenIds = choice.map((c) => c.teacher_id);
  const all = await freshStudents(server, n + SOLO);
  // Baseline: a few selections one at a time (each takes a seat), to compare the rush with a lone request.
  const solo = [];
  for (const no of all.slice(0, SOLO)) solo.push(await select(server.url, no, choice));
  if (solo.some((r) => r.status !== 201))
    throw new Error(`solo selections failed: ${solo.map((r) => `${r.status} ${r.message}`).join("; ")}`);
  const before = await seatLedger(db, chosenIds);
  const seatsAvailable = Math.min(...before.map((t) => t.cap1 - t.taken1 + t.cap2 - t.taken2));
  const nos = all.slice(SOLO);

  // sqld runs each concurrent request on its own blocking thread: the peak shows how many waited for the database.
  let sqldThreadsPeak = threadsOf(server.sqldPid) ?? 0;
  const sampler = setInterval(() => (sqldThreadsPeak = Math.max(sqldThreadsPeak, threadsOf(server.sqldPid) ?? 0)), 100);
  // CPU time per decision by process: the Worker, sqld and this client share two cores, so the drain is bound by
  // their sum; unlike the drain, these figures barely move with the machine's other load.
  const port = new URL(server.url).port;
  const cpu0 = { ...workerdCpu(port), sqld: cpuOf(server.sqldPid)?.seconds ?? 0, client: process.cpuUsage() };
  const t0 = performance.now();
  const replies = await Promise.all(nos.map((no, i) => select(server.url, no, choice, i))).finally(() =>
    clearInterval(sampler),
  );
  const drainMs = performance.now() - t0;
  const perDecision = (seconds: number) => (1000 * seconds) / n;
  const workerd = workerdCpu(port);
  const cpuMs = {
    worker: perDecision(workerd.worker - cpu0.worker),
    proxy: perDecision(workerd.proxy - cpu0.proxy),
    sqld: perDecision((cpuOf(server.sqldPid)?.seconds ?? 0) - cpu0.sqld),
    client: perDecision(Object.values(process.cpuUsage(cpu0.client)).reduce((a, b) => a + b, 0) / 1e6),
  };

  const accepted = replies.filter((r) => r.status === 201).length;
  const refused = replies.filter((r) => r.status === 409).length;
  const others = new Map<string, number>();
  for (const r of replies.filter((r) => r.status !== 201 && r.status !== 409)) {
    const key = `${r.status} ${r.message}`.slice(0, 120);
    others.set(key, (others.get(key) ?? 0) + 1);
  }
  const otherCount = n - accepted - refused;

  const errors: string[] = [...others].map(([k, c]) => `${c} × ${k}`);
  if (accepted !== seatsAvailable) errors.push(`accepted ${accepted} ≠ seats available ${seatsAvailable}`);
  const allTeachers = (await db.select({ id: teachers.id }).from(teachers)).map((t) => t.id);
  const ledger = await seatLedger(db, allTeachers);
  for (const t of ledger) {
    if (t.taken1 !== t.rows1 || t.taken2 !== t.rows2)
      errors.push(`teacher ${t.id}: seats_taken ${t.taken1}/${t.taken2} ≠ selection rows ${t.rows1}/${t.rows2}`);
    if (t.rows1 > t.cap1 || t.rows2 > t.cap2)
      errors.push(`teacher ${t.id} OVERSOLD: rows ${t.rows1}/${t.rows2} > capacity ${t.cap1}/${t.cap2}`);
  }
  const gained = ledger
    .filter((t) => chosenIds.includes(t.id))
    .map((t) => {
      const b = before.find((x) => x.id === t.id)!;
      return t.rows1 + t.rows2 - (b.rows1 + b.rows2);
    });
  if (gained.some((g) => g !== accepted))
    errors.push(`chosen teachers gained ${gained.join("/")} seats, expected ${accepted} each`);

  const latencies = replies.map((r) => r.ms);
  const decided = accepted + refused;
  return {
    name: "2 Selection rush",
    figures: [
      fig(`time to drain ${n} simultaneous selections`, drainMs / 1000, "s", { op: "<=", value: 5 }),
      fig("seats available at the start", seatsAvailable, ""),
      fig("accepted (201)", accepted, "", { op: "==", value: seatsAvailable }),
      fig("refused (409)", refused, ""),
      fig("other responses (not 201/409)", otherCount, "", { op: "==", value: 0 }),
      fig(
        `one selection alone (median of ${SOLO}, before the rush)`,
        percentile(
          solo.map((r) => r.ms),
          50,
        ),
        "ms",
      ),
      fig("latency p10", percentile(latencies, 10), "ms"),
      fig("latency p50", percentile(latencies, 50), "ms"),
      fig("latency p99", percentile(latencies, 99), "ms"),
      fig("decisions per second (201 + 409)", decided / (drainMs / 1000), "/s", { op: ">=", value: 200 }),
      fig("CPU per decision: the Worker (workerd)", cpuMs.worker, "ms"),
      fig("CPU per decision: wrangler's dev proxy (not in production)", cpuMs.proxy, "ms"),
      fig("CPU per decision: sqld", cpuMs.sqld, "ms"),
      fig("CPU per decision: this client", cpuMs.client, "ms"),
    ],
    errors,
    details: {
      students: n,
      subjects: choice.length,
      choice,
      seatsBefore: before,
      otherResponses: Object.fromEntries(others),
      teachersChecked: ledger.length,
      sqldThreadsPeak,
    },
    seconds: (Date.now() - started) / 1000,
  };
}
