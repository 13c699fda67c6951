/**
 * Benchmark 10, online payments (docs/product.md#online-payments; docs/decisions/0036-paymob-local-stand-in.md): is
 * every Paymob payment recorded exactly once when its callbacks arrive together and replayed, and is a callback's
 * answer as quick as a desk payment's?
 *
 * N distinct online payments (200; smoke 50) of 10 EGP on N fee records are started through the public API
 * (`POST /api/public/payments`, the server's Paymob stand-in makes the orders), and the stand-in makes each one's
 * successful transaction without sending its callback. Their N signed Transaction Processed callbacks plus three
 * replays of each (4N requests) are shuffled and sent in 4 bursts of N at once. Then N desk payments of 10 EGP on N
 * other records, one burst of N at once (`POST /api/fees/{student_no}/add-payment`), timed the same way: from sending
 * the request until its whole answer is read. A callback not answered 200 (503: the database busy) is sent again
 * after the bursts, as Paymob does, until it is; those answers are counted, not timed.
 *
 * Errors (exit 1): a callback answered other than 200/503/500 or never 200, outcomes other than N `recorded`, a desk
 * payment answered other than 201/503; in the database, a transaction without exactly one payment row (lost or
 * doubled), an online payment not `paid`, and on any record paid ≠ Σ payments or ≠ Σ instalment paid. Targets:
 * callback p99 ≤ 2 × desk p99; no 500; no 503 (a burst of real work waits its turn, ADR 0039).
 */
import { sql } from "drizzle-orm";
import { percentile } from "./lib/load";
import { fig, type BenchResult } from "./lib/report";
import { adminToken, type BenchServer } from "./lib/server";

const AMOUNT_EGP = 10;

/** A timed request: status, body and milliseconds from sending it until its whole body was read. */
async function timed(url: string, init: RequestInit) {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - t0 };
}

/** Runs `fn` over `items`, at most `width` at a time. */
async function inWaves<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    out.push(...(await Promise.all(items.slice(i, i + width).map((item, j) => fn(item, i + j)))));
  }
  return out;
}

/** Fisher-Yates, in place. */
function shuffle<T>(a: T[]): T[] {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

type Signed = { orderId: string; obj: Record<string, unknown>; hmac: string };

/** Starts `nos.length` online payments of AMOUNT_EGP and has the stand-in make each one's success, unsent. */
async function signedSuccesses(server: BenchServer, nos: string[], errors: string[]): Promise<Signed[]> {
  const made = await inWaves(nos, 20, async (no, i) => {
    const res = await fetch(`${server.url}/api/public/payments`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": `bench-online-${i}-${crypto.randomUUID()}` },
      body: JSON.stringify({ national_id: no, amount: AMOUNT_EGP }),
    });
    const body = await res.text();
    if (res.status !== 201) {
      errors.push(`starting a payment answered ${res.status} ${body.slice(0, 160)}`);
      return null;
    }
    const orderId = (JSON.parse(body) as { order_id: string }).order_id;
    const txn = await fetch(`${server.paymobUrl}/_standin/orders/${orderId}/transactions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ outcome: "success", callback: false }),
    });
    if (txn.status !== 201) throw new Error(`the stand-in answered ${txn.status}`);
    return { orderId, ...((await txn.json()) as { obj: Record<string, unknown>; hmac: string }) };
  });
  return made.filter((m): m is Signed => m !== null);
}

/** What the database holds for the benchmark's online payments and every record's figures. */
async function ledgerCheck(server: BenchServer, orderIds: string[], errors: string[]) {
  const list = sql.join(
    orderIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [counts] = await server.db.all<{ paid: number; txns: number; rows: number; doubled: number; lost: number }>(
    sql`SELECT
      (SELECT count(*) FROM online_payments WHERE order_id IN (${list}) AND status = 'paid') AS paid,
      (SELECT count(*) FROM paymob_transactions t JOIN online_payments o ON o.id = t.online_payment_id
        WHERE o.order_id IN (${list}) AND t.kind = 'payment') AS txns,
      (SELECT count(*) FROM payments p JOIN online_payments o ON o.fee_record_id = p.fee_record_id
        WHERE o.order_id IN (${list}) AND p.source = 'online') AS rows,
      (SELECT count(*) FROM (SELECT o.id FROM online_payments o JOIN payments p ON p.fee_record_id = o.fee_record_id
        AND p.source = 'online' WHERE o.order_id IN (${list}) GROUP BY o.id HAVING count(*) > 1)) AS doubled,
      (SELECT count(*) FROM online_payments o WHERE o.order_id IN (${list}) AND NOT EXISTS (SELECT 1 FROM payments p
        WHERE p.fee_record_id = o.fee_record_id AND p.source = 'online' AND p.id = o.payment_id)) AS lost`,
  );
  const [money] = await server.db.all<{ bad_paid: number; bad_instalments: number }>(sql`SELECT
    (SELECT count(*) FROM fee_records f WHERE f.paid_piastres <> (SELECT coalesce(sum(amount_piastres), 0) FROM payments p WHERE p.fee_record_id = f.id)) AS bad_paid,
    (SELECT count(*) FROM fee_records f WHERE EXISTS (SELECT 1 FROM fee_instalments i WHERE i.fee_record_id = f.id)
      AND f.paid_piastres <> (SELECT sum(paid_piastres) FROM fee_instalments i WHERE i.fee_record_id = f.id)) AS bad_instalments`);
  const n = orderIds.length;
  const c = Object.fromEntries(Object.entries(counts!).map(([k, v]) => [k, Number(v)])) as typeof counts & object;
  if (c.paid !== n) errors.push(`${n - c.paid} online payments not paid`);
  if (c.txns !== n) errors.push(`${c.txns} payment transactions recorded for ${n} payments`);
  if (c.rows !== n) errors.push(`${c.rows} online payment rows for ${n} payments`);
  if (c.doubled > 0) errors.push(`${c.doubled} payments recorded twice`);
  if (c.lost > 0) errors.push(`${c.lost} payments lost (no payment row)`);
  if (Number(money!.bad_paid) > 0) errors.push(`${money!.bad_paid} fee records whose paid ≠ Σ payments`);
  if (Number(money!.bad_instalments) > 0)
    errors.push(`${money!.bad_instalments} fee records whose paid ≠ Σ instalment paid`);
  return { ...c, badPaid: Number(money!.bad_paid), badInstalments: Number(money!.bad_instalments) };
}

export async function onlinePaymentsBench(server: BenchServer, opts: { smoke: boolean }): Promise<BenchResult> {
  const started = Date.now();
  const errors: string[] = [];
  const n = opts.smoke ? 50 : 200;
  if (!server.paymobUrl) throw new Error("the benchmark server has no Paymob stand-in");
  // 2N active students with 10 EGP or more to pay: the first N pay online, the others at the desk.
  const records = await server.db.all<{ student_no: string }>(sql`SELECT s.student_no FROM fee_records f
    JOIN students s ON s.id = f.student_id WHERE s.is_active = 1 AND f.total_piastres - f.paid_piastres >= ${AMOUNT_EGP * 100}
    ORDER BY f.id LIMIT ${2 * n}`);
  if (records.length < 2 * n) throw new Error(`only ${records.length} fee records with ${AMOUNT_EGP} EGP to pay`);
  const nos = records.map((r) => r.student_no);

  const signed = await signedSuccesses(server, nos.slice(0, n), errors);
  const outcomes = new Map<string, number>();
  const callbackMs: number[] = [];
  const callback = async (s: Signed) => {
    const r = await timed(`${server.url}/api/payments/paymob/callback?hmac=${s.hmac}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ type: "TRANSACTION", obj: s.obj }),
    });
    const outcome = r.status === 200 ? (JSON.parse(r.body) as { outcome: string }).outcome : `HTTP ${r.status}`;
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    if (r.status !== 200 && r.status !== 503 && r.status !== 500)
      errors.push(`callback answered ${r.status} ${r.body.slice(0, 160)}`);
    return { ...r, s };
  };
  const answers = await inWaves(shuffle(signed.flatMap((s) => [s, s, s, s])), n, async (s) => {
    const r = await callback(s);
    callbackMs.push(r.ms);
    return r;
  });
  // Paymob sends a callback again until it is answered 200 (and reconciliation would find it anyway): so does this.
  let unanswered = answers.filter((r) => r.status !== 200).map((r) => r.s);
  for (let round = 0; unanswered.length > 0 && round < 20; round++) {
    await new Promise((r) => setTimeout(r, 500));
    unanswered = (await inWaves(unanswered, 20, callback)).filter((r) => r.status !== 200).map((r) => r.s);
  }
  if (unanswered.length) errors.push(`${unanswered.length} callbacks never answered 200 after 20 retries`);
  if (outcomes.get("recorded") !== signed.length)
    errors.push(`callback outcomes ${JSON.stringify(Object.fromEntries(outcomes))}, expected ${n} recorded`);

  const auth = `Bearer ${await adminToken(server.url)}`;
  const deskMs: number[] = [];
  const deskAnswers = new Map<number, number>();
  await inWaves(nos.slice(n), n, async (no, i) => {
    const r = await timed(`${server.url}/api/fees/${no}/add-payment`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: auth, "Idempotency-Key": `bench-desk-${i}` },
      body: JSON.stringify({ payment_amount: AMOUNT_EGP }),
    });
    deskMs.push(r.ms);
    deskAnswers.set(r.status, (deskAnswers.get(r.status) ?? 0) + 1);
    if (r.status !== 201 && r.status !== 503) errors.push(`desk payment answered ${r.status} ${r.body.slice(0, 160)}`);
  });

  const ledger = await ledgerCheck(
    server,
    signed.map((s) => s.orderId),
    errors,
  );
  const callbackP99 = percentile(callbackMs, 99);
  const deskP99 = percentile(deskMs, 99);
  return {
    name: "10 Online payments",
    figures: [
      fig(`callbacks (${n} + 3 replays each, bursts of ${n}): p50`, percentile(callbackMs, 50), "ms"),
      fig("callbacks: p99", callbackP99, "ms"),
      fig(`desk payments (${n} at once): p50`, percentile(deskMs, 50), "ms"),
      fig("desk payments: p99", deskP99, "ms"),
      fig("callback p99 / desk p99", deskP99 > 0 ? callbackP99 / deskP99 : null, "×", { op: "<=", value: 2 }),
      fig("callbacks answered 503 (database busy; sent again)", outcomes.get("HTTP 503") ?? 0, "", {
        op: "==",
        value: 0,
      }),
      fig("callbacks answered 500 (sent again)", outcomes.get("HTTP 500") ?? 0, "", { op: "==", value: 0 }),
      fig("desk payments answered 503 (not sent again)", deskAnswers.get(503) ?? 0, "", { op: "==", value: 0 }),
      fig("payments recorded twice", ledger.doubled, "", { op: "==", value: 0 }),
      fig("payments lost", ledger.lost, "", { op: "==", value: 0 }),
    ],
    errors: [...new Set(errors)].slice(0, 10),
    details: {
      payments: n,
      callbackOutcomes: Object.fromEntries(outcomes),
      deskAnswers: Object.fromEntries(deskAnswers),
      ledger,
    },
    seconds: (Date.now() - started) / 1000,
  };
}
