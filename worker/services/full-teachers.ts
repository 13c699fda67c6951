/**
 * Teachers this isolate recently saw full (both sessions at capacity), so that during a selection rush the requests
 * queued behind a failed write are refused without another doomed write each (bench/README.md, selection rush).
 * Only ever used to REFUSE early; every success is decided by the guarded write itself. A mark lasts 2 s at most and
 * is dropped at once when this isolate frees seats or changes a teacher, so a freed seat is offered again quickly.
 */

/** How long a "full" mark is trusted, in ms. */
const FULL_TTL_MS = 2_000;

const seenFull = new Map<number, number>();

/** Marks teachers (by id) as seen full now. */
export function markFull(teacherIds: number[]): void {
  const now = Date.now();
  for (const id of teacherIds) seenFull.set(id, now);
}

/** True when `teacherId` was seen full within the last 2 s. */
export function recentlyFull(teacherId: number): boolean {
  const at = seenFull.get(teacherId);
  if (at === undefined) return false;
  if (Date.now() - at <= FULL_TTL_MS) return true;
  seenFull.delete(teacherId);
  return false;
}

/** Forgets every mark: seats were freed or capacities changed. */
export function forgetFull(): void {
  seenFull.clear();
}
