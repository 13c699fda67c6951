/**
 * The record of refused selection attempts (docs/product.md#teacher-selection: every attempt of a real student is
 * recorded), written with group commit: a refusal queues its row, then waits its turn at the write gate, and whoever's turn comes first
 * writes every queued row in one INSERT. In a rush ~1,000 refusals arrive within seconds; one write each would queue
 * them all behind each other at the database.
 *
 * A request answers only after its own row is written (by itself or by an earlier turn, which it sees without
 * waiting for a turn of its own), so a refusal the student sees is always on record. Accepted attempts are logged inside their own write batch (selection-write.ts).
 */
import { selectionAttempts } from "../../db/schema";
import type { Db } from "../db";
import { takeGroupBatch } from "../lib/group-batch";
import { gatedWriteUnlessDone } from "../write-gate";

export type AttemptRow = typeof selectionAttempts.$inferInsert;

/**
 * Rows per INSERT: SQLite allows 32,766 bound parameters and a row binds 7. A rush's ~1,000 refusals fit one INSERT;
 * at 500 a second turn waited while the Worker answered the first 500 (bench/README.md, "Selection rush").
 */
const MAX_ROWS = 4_000;

interface Entry {
  row: AttemptRow;
  /** queued → taken by a turn → written; "taken" stays if that turn's request vanished mid-write. */
  state: "queued" | "taken" | "written";
}

const queue: Entry[] = [];

/**
 * Records a refused attempt. Resolves once the row is stored (by this request's turn or an earlier one); rejects if
 * the database refused it. No request ever awaits another request's promise (workerd cancels those): each checks its
 * own row's state when its turn comes.
 */
export async function recordRefusal(db: Db, row: AttemptRow): Promise<void> {
  const mine: Entry = { row, state: "queued" };
  queue.push(mine);
  // A row written by an earlier turn needs no turn of its own: the waiter leaves the queue when it sees it written.
  await gatedWriteUnlessDone(
    async () => {
      if (mine.state === "written") return;
      const batch = takeGroupBatch(queue, mine, MAX_ROWS);
      await db.insert(selectionAttempts).values(batch.map((e) => e.row));
      for (const e of batch) e.state = "written";
    },
    () => mine.state === "written",
  );
}
