/**
 * The batch a group turn does (a group commit or a group read): every entry queued, up to `max`, and always the
 * turn holder's own entry. An entry already "taken" by a turn that never finished (its request vanished) is done
 * alone. Marks the batch "taken" and removes it from `queue`.
 */
export function takeGroupBatch<E extends { state: string }>(queue: E[], mine: E, max: number): E[] {
  const batch = mine.state === "queued" ? queue.splice(0, max) : [mine];
  if (!batch.includes(mine)) batch.push(...queue.splice(queue.indexOf(mine), 1)); // the head filled one batch
  for (const e of batch) e.state = "taken";
  return batch;
}
