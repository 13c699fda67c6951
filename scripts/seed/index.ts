/**
 * The demo dataset, generated in code: 1,200 students with Egyptian national IDs and 1-2 guardians each (their own
 * seeded stream, build-guardians.ts), fees and installment payments,
 * 2024-2025 results, the Prep-3 teacher selection setup and 12 Arabic news articles. Deterministic (seed 20241)
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
import { ACADEMIC_YEAR, buildFees } from "./build-fees";
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
  /** Active Prep-3, fees fully paid, has a published 2024-2025 S1 result. */
  resultsFound: string;
  /** Active Prep-3 with an S1 result whose fees are only partially paid. */
  feesUnpaid: string;
  /** Active Prep-3, fees paid, only an (unpublished) 2024-2025 S2 result. */
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
  const fees = buildFees(rng, students, feeBase, samples, now);
  // Payment ids are set here so the plans' allocations can name them; each receipt's balance is fixed as the API
  // fixes it when it issues one (payments come oldest first).
  const left = new Map(fees.fees.map((f) => [f.id, f.totalPiastres]));
  const paymentRows = fees.payments.map((p, i) => {
    const balanceAfterPiastres = left.get(p.feeRecordId as number)! - p.amountPiastres;
    left.set(p.feeRecordId as number, balanceAfterPiastres);
    return { ...p, id: paymentBase + i + 1, balanceAfterPiastres };
  });
  const plans = buildFeePlans(fees.fees, paymentRows, planBase);
  const feeRows = fees.fees.map((f) => ({ ...f, planId: plans.planIdByGrade.get(f.grade) ?? null }));
  const res = buildResults(rng, students, resultBase, samples);
  const sel = buildSelection(
    rng,
    students,
    { subject: subjectBase, teacher: teacherBase, period: periodBase },
    samples,
    now,
  );
  const newsRows = buildNews(rng, now);
  const publications = [
    {
      academicYearName: ACADEMIC_YEAR,
      semester: "S1" as const,
      isPublished: true,
      publishedAt: "2025-02-01T08:00:00.000Z",
    },
    { academicYearName: ACADEMIC_YEAR, semester: "S2" as const, isPublished: false, publishedAt: null },
  ];

  const t = schema;
  const statements: Statement[] = [
    ...inserts(students, (c) => db.insert(t.students).values(c)),
    ...inserts(guardians, (c) => db.insert(t.studentGuardians).values(c)),
    ...inserts(plans.plans, (c) => db.insert(t.feePlans).values(c)),
    ...inserts(plans.planInstalments, (c) => db.insert(t.feePlanInstalments).values(c)),
    // Money through the ledger's loader (worker/services/ledger/load.ts, docs/money.md): records, receipts, allocations,
    // then the counter and the instalments' paid amounts as the API would have left them.
    ...inserts(feeRows, (c) => loadFeeRecordsStatement(db, c)),
    ...inserts(paymentRows, (c) => loadReceiptsStatement(db, c)),
    ...inserts(plans.instalments, (c) => db.insert(t.feeInstalments).values(c)),
    ...inserts(plans.allocations, (c) => loadAllocationsStatement(db, c)),
    ...finishLoadStatements(db, ACADEMIC_YEAR, fees.lastSequence).map((query) => ({ query, params: 2 })),
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
      feeRecords: fees.fees.length,
      payments: fees.payments.length,
      feePlans: plans.plans.length,
      feeInstalments: plans.instalments.length,
      paymentAllocations: plans.allocations.length,
      receiptCounters: 1,
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
