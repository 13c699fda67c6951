/** worker/group-commit.ts: concurrent writers share transactions, each gets its own results, a bad one fails alone. */
import { describe, expect, it } from "vitest";
import type { Db } from "../../worker/db";
import { groupCommitQueued, groupWrite } from "../../worker/group-commit";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Item = { v: number; bad?: boolean };

/** A database whose batch takes `ms`, answers each item's value, and fails the whole batch on a bad item. */
function fakeDb(ms: number, fail?: (items: Item[]) => Error | null) {
  const batches: Item[][] = [];
  const db = {
    async batch(items: Item[]) {
      await sleep(ms);
      const err = fail?.(items);
      if (err) throw err;
      batches.push(items);
      return items.map((i) => [{ v: i.v }]);
    },
  };
  return { db: db as unknown as Db, batches };
}

const write = (db: Db, ...items: Item[]) => groupWrite(db, items as never);

describe("groupWrite", () => {
  it("writes 100 concurrent requests in a few transactions, each request's statements together and in order", async () => {
    const { db, batches } = fakeDb(10);
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => write(db, { v: 2 * i }, { v: 2 * i + 1 })));
    expect(results).toEqual(results.map((_, i) => [[{ v: 2 * i }], [{ v: 2 * i + 1 }]]));
    expect(batches.length).toBeLessThanOrEqual(3);
    const written = batches.flat().map((i) => i.v);
    expect(written.sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    for (const b of batches) for (let k = 0; k < b.length; k += 2) expect(b[k + 1]!.v).toBe(b[k]!.v + 1); // a request's pair stays adjacent
    expect(groupCommitQueued()).toBe(0);
  });

  it("fails only the request whose statement the database refused: the others are written alone", async () => {
    const { db, batches } = fakeDb(5, (items) =>
      items.some((i) => i.bad) ? new Error("CHECK constraint failed") : null,
    );
    const out = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => write(db, { v: i, bad: i === 7 })));
    expect(out.filter((o) => o.status === "rejected")).toHaveLength(1);
    expect((out[7] as PromiseRejectedResult).reason.message).toBe("CHECK constraint failed");
    expect(
      batches
        .flat()
        .map((i) => i.v)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it("fails every request of a batch the database did not answer, without writing them one by one", async () => {
    let calls = 0;
    const { db } = fakeDb(5, () => {
      calls++;
      return Object.assign(new Error("fetch failed"), { code: "ECONNREFUSED" });
    });
    const out = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => write(db, { v: i })));
    expect(out.every((o) => o.status === "rejected")).toBe(true);
    expect(calls).toBeLessThanOrEqual(3);
    expect(groupCommitQueued()).toBe(0);
  });
});
