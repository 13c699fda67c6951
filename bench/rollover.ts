/**
 * Benchmark `rollover` (docs/product.md#the-year-end-rollover): the year-end rollover of (a) the demo school (about
 * 1,200 students) and (b) a school of 20,000 students (the demo's plus generated ones, each enrolled in the current
 * year with a part-paid account, and a plan per grade next year): the dry run and the apply over HTTP, each timed,
 * then undone. Then (c) the same service code run in Node on the 20,000 with a counting database client: its
 * database round trips and the heap it grew by (the Worker's own memory cannot be read from outside wrangler).
 * Errors: an answer that is not 200, a run not applied, counts that do not add up to the school.
 */
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "../db/schema";
import type { Db } from "../worker/db";
import { applyRollover } from "../worker/services/rollover/apply";
import { previewRollover } from "../worker/services/rollover/preview";
import { undoRollover } from "../worker/services/rollover/undo";
import { GRADES } from "../worker/lib/school-grades";
import { fig, type BenchResult } from "./lib/report";
import { adminToken, BENCH_ADMIN, type BenchServer } from "./lib/server";

const TARGET = 20_000;
const ms = (t0: number) => Math.round(performance.now() - t0);

/** Students, enrolments, accounts and next year's plans up to `TARGET` students, written straight to sqld. */
async function grow(server: BenchServer, current: string, next: string): Promise<number> {
  const { db } = server;
  const [have] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM students WHERE is_active = 1`);
  const add = Math.max(0, TARGET - Number(have!.n));
  for (let i = 0; i < add; i += 500) {
    const rows = Array.from({ length: Math.min(500, add - i) }, (_, k) => {
      const n = i + k;
      return {
        studentNo: `RB${String(n).padStart(8, "0")}`,
        fullName: `طالب تجريبي ${n}`,
        nationality: "مصري",
        currentGrade: GRADES[n % GRADES.length]!,
        buildingNo: (n % 6) + 1,
        gender: n % 2 ? ("female" as const) : ("male" as const),
      };
    });
    await db.insert(schema.students).values(rows);
  }
  await db.batch([
    db.run(sql`INSERT OR IGNORE INTO enrolments (student_id, academic_year_name, grade, building_no)
      SELECT id, ${current}, current_grade, building_no FROM students WHERE student_no GLOB 'RB*'`),
    db.run(sql`INSERT OR IGNORE INTO fee_records (student_id, academic_year_name, grade, total_piastres, paid_piastres,
        discount_piastres, discount_reason, discount_recurring)
      SELECT id, ${current}, current_grade, 1200000, (id % 7) * 100000, CASE WHEN id % 10 = 0 THEN 50000 ELSE 0 END,
        CASE WHEN id % 10 = 0 THEN 'أخوة' END, id % 20 = 0 FROM students WHERE student_no GLOB 'RB*'`),
  ]);
  const y = Number(next.slice(0, 4));
  for (const grade of GRADES) {
    const [plan] = await db
      .insert(schema.feePlans)
      .values({ academicYearName: next, grade })
      .onConflictDoNothing()
      .returning();
    if (!plan) continue;
    await db.insert(schema.feePlanInstalments).values(
      [`${y}-09-15`, `${y}-11-15`, `${y + 1}-02-01`].map((dueDate, i) => ({
        planId: plan.id,
        linePosition: 0,
        line: "مصروفات دراسية",
        no: i + 1,
        dueDate,
        amountPiastres: 500_000,
      })),
    );
  }
  return add;
}

export async function rolloverBench(server: BenchServer): Promise<BenchResult> {
  const started = Date.now();
  const errors: string[] = [];
  const token = await adminToken(server.url);
  const call = async (path: string, body?: unknown) => {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/admin/rollover${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as any;
    if (res.status !== 200)
      errors.push(`${path || "status"}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return { json, ms: ms(t0) };
  };
  const round = async (label: string) => {
    const dry = await call("/dry-run", { exceptions: [] });
    const apply = await call("/apply", { exceptions: [] });
    if (apply.json?.state !== "applied") errors.push(`${label}: run ${apply.json?.state}`);
    if (apply.json?.counts?.total !== dry.json?.totals?.total)
      errors.push(`${label}: applied ${apply.json?.counts?.total} of ${dry.json?.totals?.total}`);
    const undo = await call("/undo", { run_id: apply.json?.id });
    return { students: dry.json?.totals?.total as number, dryMs: dry.ms, applyMs: apply.ms, undoMs: undo.ms };
  };

  const status = (await call("")).json as { current_year: string | null; next_year: string | null };
  if (!status.current_year || !status.next_year) throw new Error("the demo data has no current year");
  const demo = await round("demo");
  const added = await grow(server, status.current_year, status.next_year);
  const big = await round("20,000");

  // (c) The same code in Node, counting the database's round trips (each one an HTTP request to sqld).
  let trips = 0;
  const client = createClient({
    url: server.libsqlUrl,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      trips++;
      return fetch(input, init);
    },
  } as never);
  const db = drizzle(client, { schema }) as unknown as Db;
  const [admin] = await db.select().from(schema.admins).where(sql`username = ${BENCH_ADMIN.username}`);
  const ctx = {
    db,
    actor: {
      id: admin!.id,
      username: admin!.username,
      displayName: "bench",
      role: "administrator" as const,
      mustChangePassword: false,
      sessionId: 0,
    },
    now: new Date(),
    requestId: "bench-rollover",
  };
  const measure = async <T>(fn: () => Promise<T>) => {
    global.gc?.();
    const heap0 = process.memoryUsage().heapUsed;
    let peak = heap0;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 20);
    trips = 0;
    const t0 = performance.now();
    const out = await fn();
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return { out, ms: ms(t0), trips, heapMb: Math.round((peak - heap0) / 1e5) / 10 };
  };
  const nodeDry = await measure(() => previewRollover(db, { exceptions: [] }));
  const nodeApply = await measure(() => applyRollover(ctx, { exceptions: [] }));
  await undoRollover(ctx, nodeApply.out.id);
  client.close();

  return {
    name: "rollover",
    figures: [
      fig(`demo (${demo.students} students): dry run`, demo.dryMs, "ms"),
      fig(`demo (${demo.students} students): apply`, demo.applyMs, "ms"),
      fig("demo: dry run + apply", demo.dryMs + demo.applyMs, "ms", { op: "<=", value: 10_000 }),
      fig(`${big.students} students: dry run`, big.dryMs, "ms"),
      fig(`${big.students} students: apply`, big.applyMs, "ms"),
      fig(`${big.students} students: dry run + apply`, big.dryMs + big.applyMs, "ms", { op: "<=", value: 60_000 }),
      fig(`${big.students} students: undo`, big.undoMs, "ms"),
      fig(`${big.students} students, in Node: dry run round trips`, nodeDry.trips, "requests"),
      fig(`${big.students} students, in Node: apply round trips`, nodeApply.trips, "requests"),
      fig(`${big.students} students, in Node: dry run heap growth (peak)`, nodeDry.heapMb, "MB"),
      fig(`${big.students} students, in Node: apply heap growth (peak)`, nodeApply.heapMb, "MB"),
      fig(`${big.students} students, in Node: apply`, nodeApply.ms, "ms"),
    ],
    errors,
    details: { added, demoStudents: demo.students, students: big.students, nodeApplyRun: nodeApply.out.counts },
    seconds: (Date.now() - started) / 1000,
  };
}
