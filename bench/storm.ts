/**
 * Benchmark 9, storm (docs/product.md#health; docs/decisions/0029-bounded-database-calls.md): can anyone jam the
 * school's writes? Rounds of 200 parallel failed sign-ins, each from its own loopback address (127.x.y.z) and a new
 * username, plus 20 payments of 1 EGP per round with their own Idempotency-Keys, then one frozen-sqld episode
 * (SIGSTOP, never resumed by us). The server runs with its rate limits on, as deployed.
 *
 * Prints: answers by status, the longest time `/health` said writes did not work (target ≤ 15 s, every episode),
 * the supervisor's restarts, sqld's peak thread count. Errors (exit 1): an answer outside the documented ones
 * (sign-in 401/429/503, payment 201/503, health 200/503: never a 500), a payment lost (answered 201 but absent) or
 * doubled (a key stored twice), paid ≠ Σ payments or Σ instalment paid on any record, integrity_check not "ok".
 * Payments answered 503 are sent again with the same key once the storm is over, until each has a definite answer.
 */
import { sql } from "drizzle-orm";
import { loopbackAddress, sendFrom as send, type Answer } from "../test/support/http-from";
import { threadsOf } from "./lib/load";
import { fig, type BenchResult } from "./lib/report";
import { BENCH_ADMIN, type BenchServer } from "./lib/server";

export async function storm(server: BenchServer, opts: { smoke: boolean }): Promise<BenchResult> {
  const started = Date.now();
  const errors: string[] = [];
  const rounds = opts.smoke ? 3 : 10;
  const counts = new Map<string, number>();
  const count = (what: string, status: number) =>
    counts.set(`${what} ${status}`, (counts.get(`${what} ${status}`) ?? 0) + 1);
  const signIn = await send(server.url, "/api/auth/login", { method: "POST", body: BENCH_ADMIN, from: "127.0.0.2" });
  const token = (JSON.parse(signIn.body) as { token: string }).token;
  const auth = { Authorization: `Bearer ${token}` };
  const records = await server.db.all<{ student_no: string }>(sql`SELECT s.student_no FROM fee_records f
    JOIN students s ON s.id = f.student_id WHERE f.total_piastres - f.paid_piastres >= 10000 LIMIT 200`);

  // /health every 250 ms: the episodes during which writes did not work.
  let sqldThreadsPeak = 0;
  let healthDownSince: number | null = null;
  const episodes: number[] = [];
  let watching = true;
  const watch = (async () => {
    while (watching) {
      sqldThreadsPeak = Math.max(sqldThreadsPeak, threadsOf(server.sqldPid) ?? 0);
      const h = await send(server.url, "/health", { from: "127.0.0.3" });
      count("health", h.status);
      if (h.status !== 200 && h.status !== 503) errors.push(`/health answered ${h.status}`);
      if (h.status === 200 && healthDownSince !== null) episodes.push(Date.now() - healthDownSince);
      healthDownSince = null;
      if (h.status !== 200 && healthDownSince === null) healthDownSince = Date.now();
      await new Promise((r) => setTimeout(r, 250));
    }
  })();

  const sent = new Map<string, { studentNo: string; status: number }>();
  const pay = async (key: string, studentNo: string) => {
    const res: Answer = await send(server.url, `/api/fees/${studentNo}/add-payment`, {
      method: "POST",
      body: { payment_amount: 1 },
      headers: { ...auth, "Idempotency-Key": key },
      from: "127.0.0.4",
    });
    sent.set(key, { studentNo, status: res.status });
    if (![200, 201, 503].includes(res.status)) errors.push(`payment answered ${res.status} ${res.body.slice(0, 160)}`);
    return res.status;
  };
  let n = 0;
  for (let round = 0; round < rounds; round++) {
    const logins = Array.from({ length: 200 }, () => {
      const i = n++;
      return send(server.url, "/api/auth/login", {
        method: "POST",
        body: { username: `storm-${round}-${i}`, password: "wrong-password" },
        from: loopbackAddress(i),
      }).then((r) => {
        count("sign-in", r.status);
        if (![401, 429, 503].includes(r.status)) errors.push(`sign-in answered ${r.status} ${r.body.slice(0, 120)}`);
      });
    });
    const payments = Array.from({ length: 20 }, (_, j) => {
      const studentNo = records[(round * 20 + j) % records.length]!.student_no;
      return pay(`storm-${round}-${j}-${crypto.randomUUID()}`, studentNo).then((status) => count("payment", status));
    });
    await Promise.all([...logins, ...payments]);
  }

  // The frozen-database episode: SIGSTOP, never resumed here; the supervisor must bring writes back.
  const restartsBefore = server.supervisor?.restarts.length ?? 0;
  const frozenAt = Date.now();
  process.kill(server.sqldPid, "SIGSTOP");
  let frozenRecoveryMs: number | null = null;
  while (Date.now() - frozenAt < 60_000) {
    if ((await send(server.url, "/health", { from: "127.0.0.5" })).status === 200) {
      frozenRecoveryMs = Date.now() - frozenAt;
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (frozenRecoveryMs === null) errors.push("writes did not come back within 60 s of freezing sqld");
  watching = false;
  await watch;
  if (healthDownSince !== null) episodes.push(Date.now() - healthDownSince);

  // Payments answered 503 (or not at all) go again with the same key until each has a definite answer.
  for (const [key, p] of sent) {
    for (let tries = 0; (p.status === 503 || p.status === 0) && tries < 20; tries++) {
      p.status = await pay(key, p.studentNo);
      if (p.status !== 200 && p.status !== 201) await new Promise((r) => setTimeout(r, 500));
    }
    if (p.status !== 200 && p.status !== 201) errors.push(`payment ${key} still ${p.status} after retries`);
  }
  const stored = await server.db.all<{
    key: string;
    n: number;
  }>(sql`SELECT idempotency_key AS key, count(*) AS n FROM payments
    WHERE idempotency_key LIKE 'storm-%' GROUP BY idempotency_key`);
  const storedKeys = new Map(stored.map((r) => [r.key, Number(r.n)]));
  for (const [key, p] of sent) {
    const copies = storedKeys.get(key) ?? 0;
    if ((p.status === 200 || p.status === 201) && copies !== 1)
      errors.push(`payment ${key}: ${copies} rows for one accepted payment`);
  }
  const [money] = await server.db.all<{ bad_paid: number; bad_instalments: number }>(sql`SELECT
    (SELECT count(*) FROM fee_records f WHERE f.paid_piastres <> (SELECT coalesce(sum(amount_piastres), 0) FROM payments p WHERE p.fee_record_id = f.id)) AS bad_paid,
    (SELECT count(*) FROM fee_records f WHERE EXISTS (SELECT 1 FROM fee_instalments i WHERE i.fee_record_id = f.id)
      AND f.paid_piastres <> (SELECT sum(paid_piastres) FROM fee_instalments i WHERE i.fee_record_id = f.id)) AS bad_instalments`);
  if (Number(money!.bad_paid) > 0) errors.push(`${money!.bad_paid} fee records whose paid ≠ Σ payments`);
  if (Number(money!.bad_instalments) > 0)
    errors.push(`${money!.bad_instalments} fee records whose paid ≠ Σ instalment paid`);
  const [integrity] = await server.db.all<{ integrity_check: string }>(sql`PRAGMA integrity_check`);
  if (integrity?.integrity_check !== "ok") errors.push(`integrity_check: ${JSON.stringify(integrity)}`);

  const restarts = server.supervisor?.restarts ?? [];
  const longest = Math.max(0, ...episodes);
  return {
    name: "9 Storm",
    figures: [
      fig("writes back after the frozen sqld", frozenRecoveryMs, "ms", { op: "<=", value: 15_000 }),
      fig("longest time /health said writes fail", longest, "ms", { op: "<=", value: 15_000 }),
      fig("sqld restarts by the supervisor", restarts.length, ""),
      fig("sqld peak threads", sqldThreadsPeak, ""),
    ],
    errors: [...new Set(errors)].slice(0, 10),
    details: {
      rounds,
      answers: Object.fromEntries([...counts].sort()),
      episodesMs: episodes,
      restarts: restarts.map((r) => ({ cause: r.cause, downMs: r.downMs, integrity: r.integrity })),
      restartsDuringStorm: restartsBefore,
    },
    seconds: (Date.now() - started) / 1000,
  };
}
