/**
 * The read phase of a selection save (docs/product.md#teacher-selection; docs/decisions/0039), read for many saves at
 * once: a save queues its student number, then waits for a turn of the read lane, and whoever's turn comes first reads
 * every queued save's facts in ONE statement (SQLite builds the rows as JSON). In a rush 1,000 families arrive within
 * a second; one read each was 1,000 round trips and as many query builds and result mappings in the Worker, its
 * busiest work (bench/README.md, "Selection rush").
 *
 * The read only chooses the reason of a refusal: every rule is enforced again inside the write (selection-write.ts),
 * so a read a few ms older than the request changes no outcome. No request awaits another request's promise (workerd
 * cancels those): each looks at its own entry's state at its turn, as the refusal log's group commit does.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db";
import { takeGroupBatch } from "../lib/group-batch";
import { selectionReadTurnUnlessDone } from "../write-gate";
import { REQUIRED_SUBJECT } from "./selection-read";

/** The active selection period's fields a save needs. */
export interface SavePeriod {
  id: number;
  startDate: string;
  endDate: string;
  allowChanges: boolean;
  maxSubjects: number;
}

/** A chosen teacher with its subject and seats (capacities c1, c2; taken s1, s2). */
export interface SaveTeacher {
  id: number;
  subjectId: number | null;
  isActive: boolean;
  name: string;
  subject: string | null;
  c1: number;
  c2: number;
  s1: number;
  s2: number;
}

/** Everything the checks before a save's write read, for one student. */
export interface SaveFacts {
  student: { id: number; isActive: boolean; currentGrade: string } | null;
  period: SavePeriod | null;
  requiredSubjectIds: number[];
  teachers: SaveTeacher[];
  registration: { periodId: number; updateCount: number; updateDeadline: string } | null;
  held: Array<{ teacherId: number; subjectId: number; session: number; selectedAt: string }>;
  /** The action of this student's accepted save with the same Idempotency-Key, if there is one. */
  savedWithKey: string | null;
}

/** Saves read per statement: the request list is one bound JSON text (~40 bytes a save); rows stay under a megabyte. */
const MAX_READS = 1_000;

interface Entry {
  studentNo: string;
  teacherIds: number[];
  requestKey: string;
  /** queued → taken by a turn → read (or failed); "taken" stays if that turn's request vanished mid-read. */
  state: "queued" | "taken" | "read" | "failed";
  facts?: SaveFacts;
  error?: unknown;
}

const queue: Entry[] = [];

/**
 * The facts of one save (`studentNo` choosing `teacherIds`, with `requestKey` or "" for none), read in the same
 * statement as the saves queued with it. Rejects with the database's error when that statement failed.
 */
export async function readForSave(
  db: Db,
  studentNo: string,
  teacherIds: number[],
  requestKey: string,
): Promise<SaveFacts> {
  const mine: Entry = { studentNo, teacherIds, requestKey, state: "queued" };
  queue.push(mine);
  const finished = () => mine.state === "read" || mine.state === "failed";
  await selectionReadTurnUnlessDone(async () => {
    if (finished()) return;
    const batch = takeGroupBatch(queue, mine, MAX_READS);
    try {
      const facts = await readMany(db, batch);
      batch.forEach((e, i) => {
        e.facts = facts[i];
        e.state = "read";
      });
    } catch (err) {
      for (const e of batch) [e.error, e.state] = [err, "failed"];
    }
  }, finished);
  if (mine.state === "failed") throw mine.error;
  return mine.facts!;
}

interface Row {
  i: number;
  shared: string | null;
  id: number | null;
  active: number | null;
  grade: string | null;
  reg: string | null;
  held: string | null;
  keyed: string | null;
}

/** One statement: a first row (i = -1) with the period, required subjects and chosen teachers, then one per save. */
async function readMany(db: Db, batch: Entry[]): Promise<SaveFacts[]> {
  const requests = JSON.stringify(batch.map((e) => [e.studentNo, e.requestKey]));
  const teacherIds = JSON.stringify([...new Set(batch.flatMap((e) => e.teacherIds))]);
  const rows = await db.all<Row>(sql`SELECT -1 AS i, json_object(
      'period', (SELECT json_object('id', id, 'startDate', start_date, 'endDate', end_date,
        'allowChanges', allow_changes, 'maxSubjects', max_subjects) FROM selection_periods WHERE is_active = 1 LIMIT 1),
      'subjects', (SELECT json_group_array(id) FROM selection_subjects WHERE ${REQUIRED_SUBJECT}),
      'teachers', (SELECT json_group_array(json_object('id', t.id, 'subjectId', t.subject_id, 'isActive', t.is_active,
        'name', t.full_name, 'subject', s.name, 'c1', t.session_1_capacity, 'c2', t.session_2_capacity,
        's1', t.seats_taken_1, 's2', t.seats_taken_2))
        FROM teachers t LEFT JOIN selection_subjects s ON s.id = t.subject_id
        WHERE t.id IN (SELECT value FROM json_each(${teacherIds})))
    ) AS shared, NULL AS id, NULL AS active, NULL AS grade, NULL AS reg, NULL AS held, NULL AS keyed
    UNION ALL
    SELECT r.key, NULL, st.id, st.is_active, st.current_grade,
      (SELECT json_object('periodId', g.period_id, 'updateCount', g.update_count, 'updateDeadline', g.update_deadline)
        FROM selection_registrations g WHERE g.student_id = st.id),
      (SELECT json_group_array(json_object('teacherId', ss.teacher_id, 'subjectId', ss.subject_id,
        'session', ss.session_number, 'selectedAt', ss.selected_at))
        FROM student_selections ss WHERE ss.student_id = st.id),
      (SELECT coalesce(a.action, 'created') FROM selection_attempts a
        WHERE a.student_no = r.value ->> '$[0]' AND a.request_key = r.value ->> '$[1]')
    FROM json_each(${requests}) r LEFT JOIN students st ON st.student_no = r.value ->> '$[0]'`);
  const head = rows.find((r) => r.i === -1);
  const shared = JSON.parse(head?.shared ?? "{}") as {
    period: (Omit<SavePeriod, "allowChanges"> & { allowChanges: number }) | null;
    subjects: number[] | null;
    teachers: Array<Omit<SaveTeacher, "isActive"> & { isActive: number }> | null;
  };
  const period = shared.period ? { ...shared.period, allowChanges: shared.period.allowChanges === 1 } : null;
  const byIndex = new Map(rows.filter((r) => r.i >= 0).map((r) => [Number(r.i), r]));
  return batch.map((e, i) => {
    const row = byIndex.get(i);
    const chosen = new Set(e.teacherIds);
    return {
      student: row?.id != null ? { id: row.id, isActive: row.active === 1, currentGrade: row.grade ?? "" } : null,
      period,
      requiredSubjectIds: shared.subjects ?? [],
      teachers: (shared.teachers ?? [])
        .filter((t) => chosen.has(t.id))
        .map((t) => ({ ...t, isActive: t.isActive === 1 })),
      registration: row?.reg ? JSON.parse(row.reg) : null,
      held: row?.held ? JSON.parse(row.held) : [],
      savedWithKey: row?.keyed ?? null,
    };
  });
}
