/**
 * The demo dataset, generated in code: 1,200 students with Egyptian national IDs and 1-2 guardians each (their own
 * seeded stream, build-guardians.ts), two academic years relative to `now` (build-years.ts): last year closed, its
 * fee accounts with some arrears and its results published; this year current, with plans, part-paid instalments
 * and term 1 published; the Prep-3 teacher selection setup and 12 Arabic news articles. Deterministic (seed 20241)
 * except the timestamps tied to `now` (selection period, selections, recent news, payments capped at `now`).
 * Works with the node (`drizzle-orm/libsql`) and web (`drizzle-orm/libsql/web`) drizzle clients.
 */
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../db/schema";
import { createRng } from "./rng";
import { buildStudents, pickSamples } from "./build-students";
import { buildGuardians } from "./build-guardians";
import { buildFees } from "./build-fees";
import { buildEnrolments, lastYearStudents, seedYears, yearRow } from "./build-years";
import { buildFeePlans } from "./build-fee-plans";
import { buildResults } from "./build-results";
import { buildSelection } from "./build-selection";
import { buildNews } from "./build-news";
import {
  finishLoadStatements,
  loadAllocationsStatement,
  loadFeeRecordsStatement,
  loadReceiptsStatement,
} from "../../worker/services/ledger/load";

/** A drizzle libSQL database over the app schema (node or web client). */
export type SeedDb = LibSQLDatabase<typeof schema>;

/** Rows written per table by `seedDemo`. */
export interface SeedCounts {
  students: number;
  studentGuardians: number;
  feeRecords: number;
  payments: number;
  feePlans: number;
  feeInstalments: number;
  paymentAllocations: number;
  receiptCounters: number;
  results: number;
  resultSubjectScores: number;
  resultPublications: number;
  selectionSubjects: number;
  teachers: number;
  selectionPeriods: number;
  studentSelections: number;
  selectionRegistrations: number;
  news: number;
}

/** National IDs (`student_no`) of the students that demonstrate each public flow. */
export interface SeedSamples {
  /** Active Prep-3, this year's fees fully paid, has a published S1 result this year. */
  resultsFound: string;
  /** Active Prep-3 with an S1 result whose fees are only partially paid. */
  feesUnpaid: string;
  /** Active Prep-3, fees paid, only an (unpublished) S2 result this year. */
  resultsNotPublished: string;
  /** Active Prep-3 with no teacher selections yet. */
  canChooseTeachers: string;
}

/** Result of `seedDemo`: row counts, the sample IDs, and how the writes went (statements, batches, ms). */
export interface SeedSummary {
  counts: SeedCounts;
  samples: SeedSamples;
  statements: number;
  batches: number;
  ms: number;
}

export const SEED = 20241;
/** The guardians' own stream: adding or changing them leaves every other demo row as it was. */
const GUARDIAN_SEED = SEED + 1;
/** Bound parameters per INSERT statement (well under SQLite's 32,766 limit). */
const PARAMS_PER_STATEMENT = 6_000;
/** Limits per `db.batch` call (one batch = one transaction = one request). */
const STATEMENTS_PER_BATCH = 200;
const PARAMS_PER_BATCH = 60_000;

/** True when the database has no students and no news (the demo data may be loaded). */
export async function isDatabaseEmpty(db: SeedDb): Promise<boolean> {
  const [s, n] = await Promise.all([
    db.select({ id: schema.students.id }).from(schema.students).limit(1),
    db.select({ id: schema.news.id }).from(schema.news).limit(1),
  ]);
  return s.length === 0 && n.length === 0;
}

async function maxId(db: SeedDb, table: SQLiteTable, id: AnySQLiteColumn): Promise<number> {
  const rows = await db.select({ m: sql<number>`coalesce(max(${id}), 0)` }).from(table);
  return Number(rows[0]?.m ?? 0);
}

type Statement = { query: BatchItem<"sqlite">; params: number };

/** Splits rows into multi-row INSERT statements built by `make`. */
function inserts<R extends object>(rows: readonly R[], make: (chunk: R[]) => BatchItem<"sqlite">): Statement[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]).length;
  const perStatement = Math.max(1, Math.floor(PARAMS_PER_STATEMENT / columns));
  const out: Statement[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    out.push({ query: make(chunk), params: chunk.length * columns });
  }
  return out;
}

/**
 * Loads the demo dataset into an empty database (check with `isDatabaseEmpty`; ids continue after the current
 * maxima but unique national IDs and the single active period would collide with an earlier seed). `now` anchors
 * the selection period (now − 3 days .. now + 30 days), selections (now − 2 days) and recent news. Money is in
 * piastres; timestamps are ISO 8601 UTC. Writes in several `db.batch` calls, in foreign-key order.
 */
export async function seedDemo(db: SeedDb, { now }: { now: Date }): Promise<SeedSummary> {
  const started = Date.now();
  const [studentBase, feeBase, resultBase, subjectBase, teacherBase, periodBase, paymentBase, planBase] =
    await Promise.all([
      maxId(db, schema.students, schema.students.id),
      maxId(db, schema.feeRecords, schema.feeRecords.id),
      maxId(db, schema.results, schema.results.id),
      maxId(db, schema.selectionSubjects, schema.selectionSubjects.id),
      maxId(db, schema.teachers, schema.teachers.id),
      maxId(db, schema.selectionPeriods, schema.selectionPeriods.id),
      maxId(db, schema.payments, schema.payments.id),
      maxId(db, schema.feePlans, schema.feePlans.id),
    ]);

  const rng = createRng(SEED);
  const students = buildStudents(rng, studentBase);
  const samples = pickSamples(students);
  const guardians = buildGuardians(createRng(GUARDIAN_SEED), students);
  const years = seedYears(now);
  const lastStudents = lastYearStudents(students, samples);
  const lastFees = buildFees(rng, lastStudents, feeBase, samples, now, years.last);
  const fees = buildFees(rng, students, feeBase + lastFees.fees.length, samples, now, years.current);
  // Payment ids are set here so the plans' allocations can name them; each receipt's balance is fixed as the API
  // fixes it when it issues one (payments come oldest first).
  const left = new Map([...lastFees.fees, ...fees.fees].map((f) => [f.id, f.totalPiastres]));
  const paymentRows = [...lastFees.payments, ...fees.payments].map((p, i) => {
    const balanceAfterPiastres = left.get(p.feeRecordId as number)! - p.amountPiastres;
    left.set(p.feeRecordId as number, balanceAfterPiastres);
    return { ...p, id: paymentBase + i + 1, balanceAfterPiastres };
  });
  const lastPayments = paymentRows.slice(0, lastFees.payments.length);
  const lastPlans = buildFeePlans(lastFees.fees, lastPayments, planBase, years.last);
  const curPlans = buildFeePlans(
    fees.fees,
    paymentRows.slice(lastFees.payments.length),
    planBase + lastPlans.plans.length,
    years.current,
  );
  const plans = {
    plans: [...lastPlans.plans, ...curPlans.plans],
    planInstalments: [...lastPlans.planInstalments, ...curPlans.planInstalments],
    instalments: [...lastPlans.instalments, ...curPlans.instalments],
    allocations: [...lastPlans.allocations, ...curPlans.allocations],
  };
  const feeRows = [
    ...lastFees.fees.map((f) => ({ ...f, planId: lastPlans.planIdByGrade.get(f.grade) ?? null })),
    ...fees.fees.map((f) => ({ ...f, planId: curPlans.planIdByGrade.get(f.grade) ?? null })),
  ];
  const lastRes = buildResults(rng, lastStudents, resultBase, samples, years.last);
  const curRes = buildResults(rng, students, resultBase + lastRes.results.length, samples, years.current);
  const res = { results: [...lastRes.results, ...curRes.results], scores: [...lastRes.scores, ...curRes.scores] };
  const enrolmentRows = buildEnrolments(students, lastStudents, years);
  const sel = buildSelection(
    rng,
    students,
    { subject: subjectBase, teacher: teacherBase, period: periodBase },
    samples,
    now,
  );
  const newsRows = buildNews(rng, now);
  // Last year's terms published the day after each ended; this year's term 1 published today, term 2 not yet.
  const lastDates = yearRow(years.last, "closed", now);
  const publications = [
    {
      academicYearName: years.last,
      semester: "S1" as const,
      isPublished: true,
      publishedAt: `${lastDates.term2Start}T08:00:00.000Z`,
    },
    {
      academicYearName: years.last,
      semester: "S2" as const,
      isPublished: true,
      publishedAt: `${lastDates.endDate}T08:00:00.000Z`,
    },
    { academicYearName: years.current, semester: "S1" as const, isPublished: true, publishedAt: now.toISOString() },
    { academicYearName: years.current, semester: "S2" as const, isPublished: false, publishedAt: null },
  ];

  const t = schema;
  const statements: Statement[] = [
    // The data's years, for its accounts and enrolments (a database already holding one keeps its row). A year the
    // migrations made current from another clock than `now` (an older one) is closed first: one year is current.
    {
      query: db.run(sql`UPDATE academic_years SET state = 'closed', closed_at = ${now.toISOString()}
        WHERE state = 'current' AND name < ${years.current}`),
      params: 2,
    },
    { query: db.insert(t.academicYears).values(lastDates).onConflictDoNothing(), params: 9 },
    {
      query: db
        .insert(t.academicYears)
        .values(yearRow(years.current, "current", now))
        .onConflictDoNothing(),
      params: 9,
    },
    ...inserts(students, (c) => db.insert(t.students).values(c)),
    ...inserts(enrolmentRows, (c) => db.insert(t.enrolments).values(c)),
    ...inserts(guardians, (c) => db.insert(t.studentGuardians).values(c)),
    ...inserts(plans.plans, (c) => db.insert(t.feePlans).values(c)),
    ...inserts(plans.planInstalments, (c) => db.insert(t.feePlanInstalments).values(c)),
    // Money through the ledger's loader (worker/services/ledger/load.ts, docs/money.md): records, receipts, allocations,
    // then the counter and the instalments' paid amounts as the API would have left them.
    ...inserts(feeRows, (c) => loadFeeRecordsStatement(db, c)),
    ...inserts(paymentRows, (c) => loadReceiptsStatement(db, c)),
    ...inserts(plans.instalments, (c) => db.insert(t.feeInstalments).values(c)),
    ...inserts(plans.allocations, (c) => loadAllocationsStatement(db, c)),
    // Last year's counter; then this year's and one refill of every instalment (both years').
    { query: finishLoadStatements(db, years.last, lastFees.lastSequence)[0], params: 2 },
    ...finishLoadStatements(db, years.current, fees.lastSequence).map((query) => ({ query, params: 2 })),
    ...inserts(res.results, (c) => db.insert(t.results).values(c)),
    ...inserts(res.scores, (c) => db.insert(t.resultSubjectScores).values(c)),
    ...publications.map((p) => ({
      query: db
        .insert(t.resultPublications)
        .values(p)
        .onConflictDoUpdate({
          target: [t.resultPublications.academicYearName, t.resultPublications.semester],
          set: { isPublished: p.isPublished, publishedAt: p.publishedAt },
        }),
      params: 4,
    })),
    ...inserts(sel.subjects, (c) => db.insert(t.selectionSubjects).values(c)),
    ...inserts(sel.teachers, (c) => db.insert(t.teachers).values(c)),
    ...inserts(sel.periods, (c) => db.insert(t.selectionPeriods).values(c)),
    ...inserts(sel.selections, (c) => db.insert(t.studentSelections).values(c)),
    ...inserts(sel.registrations, (c) => db.insert(t.selectionRegistrations).values(c)),
    ...inserts(newsRows, (c) => db.insert(t.news).values(c)),
  ];

  let batches = 0;
  for (let i = 0; i < statements.length; ) {
    const batch: BatchItem<"sqlite">[] = [];
    let params = 0;
    while (i < statements.length && batch.length < STATEMENTS_PER_BATCH) {
      if (batch.length > 0 && params + statements[i].params > PARAMS_PER_BATCH) break;
      params += statements[i].params;
      batch.push(statements[i++].query);
    }
    await db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    batches++;
  }

  return {
    counts: {
      students: students.length,
      studentGuardians: guardians.length,
      feeRecords: feeRows.length,
      payments: paymentRows.length,
      feePlans: plans.plans.length,
      feeInstalments: plans.instalments.length,
      paymentAllocations: plans.allocations.length,
      receiptCounters: 2,
      results: res.results.length,
      resultSubjectScores: res.scores.length,
      resultPublications: publications.length,
      selectionSubjects: sel.subjects.length,
      teachers: sel.teachers.length,
      selectionPeriods: sel.periods.length,
      studentSelections: sel.selections.length,
      selectionRegistrations: sel.registrations.length,
      news: newsRows.length,
    },
    samples: {
      resultsFound: samples.resultsFound.studentNo,
      feesUnpaid: samples.feesUnpaid.studentNo,
      resultsNotPublished: samples.resultsNotPublished.studentNo,
      canChooseTeachers: samples.canChooseTeachers.studentNo,
    },
    statements: statements.length,
    batches,
    ms: Date.now() - started,
  };
}
