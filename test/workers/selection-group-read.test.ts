/**
 * Saves sent at once share one read (services/selection-save-read.ts): each must still get the answer of its own
 * student, key and choice (docs/product.md#teacher-selection). A burst mixes every kind the read tells apart: unknown
 * IDs, a student who is not in Prep-3, first saves, replays of an accepted key, an update, a choice of a full teacher.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { students } from "../../db/schema";
import {
  makeWorld as makeWorldIn,
  seatLedger as ledgerIn,
  uniqueStudentNo,
  type World,
} from "../support/selection-world";
import { testDb } from "./fixtures";
import { api, uid } from "./helpers";

const makeWorld = (o: Parameters<typeof makeWorldIn>[1]) => makeWorldIn(testDb() as never, o);

let ip = 0;
const choose = (w: World, teacher: 0 | 1) =>
  w.subjects.map((s) => ({ subject_id: s.id, teacher_id: s.teachers[teacher]! }));
const select = (studentNo: string, selections: unknown, key: string) =>
  api("/api/public/selection/student/select", {
    method: "POST",
    body: { student_id: studentNo, selections },
    headers: { "CF-Connecting-IP": `10.23.${Math.floor(++ip / 250) % 250}.${ip % 250}`, "Idempotency-Key": key },
  });

let w: World;
beforeEach(async () => {
  // Teacher 0 of each subject: 3 seats in all; teacher 1: plenty.
  w = await makeWorld({
    subjects: 2,
    caps: [
      [2, 1],
      [30, 30],
    ],
    studentCount: 12,
  });
});

describe("saves sent at once, read together", () => {
  it("answers each save for its own student, key and choice", async () => {
    const [replayed, updater, outOfGrade, ...rest] = w.students;
    const replayKey = uid("k");
    expect((await select(replayed!, choose(w, 1), replayKey)).status).toBe(201);
    expect((await select(updater!, choose(w, 1), uid("k"))).status).toBe(201);
    await testDb().update(students).set({ currentGrade: "Prep-2" }).where(eq(students.studentNo, outOfGrade!));

    const burst = await Promise.all([
      select(replayed!, choose(w, 1), replayKey),
      select(updater!, choose(w, 0), uid("k")),
      select(outOfGrade!, choose(w, 1), uid("k")),
      select(uniqueStudentNo(), choose(w, 1), uid("k")),
      ...rest.map((no) => select(no, choose(w, 0), uid("k"))),
    ]);
    const [replay, update, ineligible, unknown, ...rush] = burst;
    expect(replay!.status).toBe(201);
    expect(replay!.headers.get("Idempotent-Replayed")).toBe("true");
    expect(ineligible!.json.reason).toBe("SELECTION_NOT_ELIGIBLE");
    expect(unknown!.json).toEqual(ineligible!.json);
    // Teacher 0 has 3 seats: the update and the first saves share them, the rest are refused by name.
    const won = [update!, ...rush].filter((r) => r.status === 201 || r.status === 200);
    expect(won).toHaveLength(3);
    for (const r of [update!, ...rush].filter((r) => !won.includes(r))) {
      expect(r.status).toBe(409);
      expect(r.json.reason).toBe("NO_SEATS");
    }
    if (update!.status === 200) expect(update!.json).toMatchObject({ action: "updated", hasUpdated: true });
    const ledger = await ledgerIn(
      testDb() as never,
      w.subjects.flatMap((s) => s.teachers),
    );
    for (const t of ledger) expect([t.taken1, t.taken2]).toEqual([t.rows1, t.rows2]);
  });
});
