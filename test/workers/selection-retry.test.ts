/**
 * A selection save sent again with its `Idempotency-Key` (docs/product.md#teacher-selection): the page retries a 503
 * or a lost answer with the same key, and the family's one allowed update must not be spent by the retry. Replays one
 * after another and at once are answered as the first save was, and write nothing more.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { selectionAttempts } from "../../db/schema";
import { api, uid } from "./helpers";
import { testDb } from "./fixtures";
import { makeWorld as makeWorldIn, seatLedger as ledgerIn, type World } from "../support/selection-world";

const makeWorld = (o: Parameters<typeof makeWorldIn>[1]) => makeWorldIn(testDb() as never, o);
const seatLedger = (ids: number[]) => ledgerIn(testDb() as never, ids);

let ip = 0;
const choose = (w: World, pick: (s: World["subjects"][number]) => number = (s) => s.teachers[0]!) =>
  w.subjects.map((s) => ({ subject_id: s.id, teacher_id: pick(s) }));
const select = (studentNo: string, selections: unknown, key?: string) =>
  api("/api/public/selection/student/select", {
    method: "POST",
    body: { student_id: studentNo, selections },
    headers: {
      "CF-Connecting-IP": `10.19.${Math.floor(++ip / 250)}.${ip % 250}`,
      ...(key ? { "Idempotency-Key": key } : {}),
    },
  });

let w: World;
beforeEach(async () => {
  w = await makeWorld({
    subjects: 3,
    caps: [
      [5, 5],
      [5, 5],
    ],
    studentCount: 3,
  });
});

/** Every seat counter equals its selection rows. */
async function seatsAgree() {
  for (const t of await seatLedger(w.subjects.flatMap((s) => s.teachers))) {
    expect([t.taken1, t.taken2]).toEqual([t.rows1, t.rows2]);
  }
}

describe("a save sent again with its Idempotency-Key", () => {
  it("a first save retried answers 201 again as a replay, and the one update is still unused", async () => {
    const [a] = w.students;
    const key = uid("sel");
    const first = await select(a!, choose(w), key);
    expect(first.status).toBe(201);
    const retry = await select(a!, choose(w), key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.json).toEqual(first.json);
    const state = (await api(`/api/public/selection/student/${a}/selections`)).json.data;
    expect(state).toMatchObject({ canUpdate: true, hasUpdated: false });
    const upd = await select(
      a!,
      choose(w, (s) => s.teachers[1]!),
      uid("sel"),
    );
    expect(upd.json).toMatchObject({ action: "updated", hasUpdated: true });
    await seatsAgree();
  });

  it("five copies at once: one save, the others its replays", async () => {
    const [, b] = w.students;
    const key = uid("sel");
    const answers = await Promise.all(Array.from({ length: 5 }, () => select(b!, choose(w), key)));
    expect(answers.map((r) => r.status)).toEqual(Array(5).fill(201));
    expect(answers.filter((r) => r.headers.get("Idempotent-Replayed") === "true")).toHaveLength(4);
    const accepted = await testDb().select().from(selectionAttempts).where(eq(selectionAttempts.studentNo, b!));
    expect(accepted.filter((r) => r.outcome === "accepted")).toHaveLength(1);
    await seatsAgree();
  });

  it("the update retried with its key is not refused as the second update", async () => {
    const [, , c] = w.students;
    expect((await select(c!, choose(w), uid("sel"))).status).toBe(201);
    const key = uid("sel");
    const change = choose(w, (s) => s.teachers[1]!);
    expect((await select(c!, change, key)).status).toBe(200);
    const retry = await select(c!, change, key);
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({ action: "updated", hasUpdated: true });
    await seatsAgree();
  });

  it("a key that is not 1-255 visible ASCII characters is refused", async () => {
    const [a] = w.students;
    const res = await select(a!, choose(w), "bad key with spaces");
    expect(res.status).toBe(400);
    expect(res.json.reason).toBe("IDEMPOTENCY_KEY_INVALID");
  });
});
