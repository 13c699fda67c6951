/**
 * Benchmark 14, family accounts on results day (docs/product.md#family-accounts): 500 guardians of the demo school
 * (smoke: 50), arriving evenly over 10 s (smoke: 2 s), each asks for a sign-in code, reads it from the local message
 * provider (the stand-in runs in this process; its record says when the send reached it), signs in, reads its
 * account and every child's page (results, fees, receipts, messages) and, at the same moment, the public results
 * lookup of the same child by national ID: both are measured under the same load on the same run.
 * Figures: code request → provider receipt p50/p99; the family child page p99 against the public lookup's p99.
 * Errors: a code request or sign-in answered other than 200 (a 503 is asked again after Retry-After and counted), a
 * code not at the provider within 60 s, a number sent more than one message, a child page other than 200, a lookup
 * other than 200/403/404, an account whose children differ from the guardian rows.
 */
import { sql } from "drizzle-orm";
import { performance } from "node:perf_hooks";
import type { MessageStandin } from "../scripts/lib/message-standin";
import { percentile } from "./lib/load";
import { fig, type BenchResult } from "./lib/report";
import type { BenchServer } from "./lib/server";

const CODE_WAIT_MS = 60_000;
const digits = (s: string) => s.replace(/\D/g, "");

/** Up to `n` guardian numbers (E.164) with their children's ids and national IDs, the provider's failure endings out. */
async function families(server: BenchServer, n: number) {
  const rows = await server.db.all<{ phone: string; id: number; student_no: string }>(sql`
    SELECT g.phone, s.id, s.student_no FROM student_guardians g JOIN students s ON s.id = g.student_id
    WHERE g.phone IN (SELECT DISTINCT phone FROM student_guardians WHERE opted_out_at IS NULL
      AND phone NOT LIKE '%0000' AND phone NOT LIKE '%0429' ORDER BY phone LIMIT ${n})
    ORDER BY g.phone, s.id`);
  const out = new Map<string, Map<number, string>>();
  for (const r of rows) out.set(r.phone, (out.get(r.phone) ?? new Map()).set(r.id, r.student_no));
  return [...out].map(([phone, kids]) => ({ phone, kids }));
}

/** Resolves each number's first message at the provider after a given instant: its code and when it arrived. */
function codeWatcher(standin: MessageStandin) {
  const waiting = new Map<string, { after: number; resolve: (v: { code: string; at: number }) => void }>();
  let seen = standin.messages().length;
  const timer = setInterval(() => {
    const list = standin.messages();
    for (; seen < list.length; seen++) {
      const m = list[seen]!;
      const w = waiting.get(digits(m.to));
      const code = m.template === "school_sign_in_code" ? m.params[0] : /\b\d{6}\b/.exec(m.text ?? "")?.[0];
      const at = Date.parse(m.receivedAt);
      if (!w || !code || at < w.after) continue;
      waiting.delete(digits(m.to));
      w.resolve({ code, at });
    }
  }, 10);
  return {
    next(phone: string, after: number) {
      return new Promise<{ code: string; at: number } | null>((resolve) => {
        const t = setTimeout(() => resolve(null), CODE_WAIT_MS);
        waiting.set(digits(phone), {
          after,
          resolve: (v) => {
            clearTimeout(t);
            resolve(v);
          },
        });
      });
    },
    stop: () => clearInterval(timer),
  };
}

type Tally = { busy: number; errors: string[] };

/** A POST with a JSON body, asked again after Retry-After while the Worker answers 503 (counted). */
async function post(url: string, body: unknown, tally: Tally, headers: Record<string, string> = {}) {
  for (;;) {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    if (res.status !== 503) return res;
    tally.busy++;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get("Retry-After") ?? 1)));
  }
}

async function timedGet(url: string, headers: Record<string, string> = {}) {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - t0 };
}

export async function familyBench(server: BenchServer, { smoke }: { smoke: boolean }): Promise<BenchResult> {
  const started = Date.now();
  const standin = server.messages;
  if (!standin) throw new Error("the local message provider is not running (a real WHATSAPP_TOKEN is set?)");
  const wanted = smoke ? 50 : 500;
  const spreadMs = smoke ? 2_000 : 10_000;
  const fams = await families(server, wanted);
  const sentBefore = standin.messages().length;
  const watcher = codeWatcher(standin);
  const tally: Tally = { busy: 0, errors: [] };
  const codeMs: number[] = [];
  const pageMs: number[] = [];
  const meMs: number[] = [];
  const lookupMs: number[] = [];
  const t0 = performance.now();

  await Promise.all(
    fams.map(async ({ phone, kids }, i) => {
      await new Promise((r) => setTimeout(r, (i * spreadMs) / fams.length));
      const asked = Date.now();
      const sent = watcher.next(phone, asked - 5);
      const res = await post(`${server.url}/api/family/code`, { phone }, tally);
      if (res.status !== 200) return void tally.errors.push(`code for ${phone}: ${res.status} ${await res.text()}`);
      const got = await sent;
      if (!got) return void tally.errors.push(`no code at the provider for ${phone} within ${CODE_WAIT_MS / 1000} s`);
      codeMs.push(got.at - asked);
      const session = await post(`${server.url}/api/family/session`, { phone, code: got.code }, tally);
      const cookie = /family_session=([^;]+)/.exec(session.headers.get("Set-Cookie") ?? "")?.[1];
      if (session.status !== 200 || !cookie)
        return void tally.errors.push(`sign-in for ${phone}: ${session.status} ${await session.text()}`);
      const headers = { Cookie: `family_session=${cookie}` };
      const me = await timedGet(`${server.url}/api/family/me`, headers);
      meMs.push(me.ms);
      const ids = me.status === 200 ? (JSON.parse(me.body).children as { id: number }[]).map((c) => c.id) : [];
      if (ids.join() !== [...kids.keys()].join())
        tally.errors.push(`account of ${phone}: ${me.status}, children ${ids.join()} (expected ${[...kids.keys()]})`);
      for (const [id, nationalId] of kids) {
        const [page, lookup] = await Promise.all([
          timedGet(`${server.url}/api/family/children/${id}`, headers),
          timedGet(`${server.url}/api/student/results/${nationalId}`),
        ]);
        pageMs.push(page.ms);
        lookupMs.push(lookup.ms);
        if (page.status !== 200) tally.errors.push(`child page ${id} of ${phone}: ${page.status}`);
        if (![200, 403, 404].includes(lookup.status)) tally.errors.push(`lookup of ${nationalId}: ${lookup.status}`);
      }
    }),
  );
  const totalMs = performance.now() - t0;
  watcher.stop();

  const perNumber = new Map<string, number>();
  for (const m of standin.messages().slice(sentBefore))
    perNumber.set(digits(m.to), (perNumber.get(digits(m.to)) ?? 0) + 1);
  const twice = fams.filter((f) => (perNumber.get(digits(f.phone)) ?? 0) > 1).length;
  if (twice) tally.errors.push(`${twice} numbers were sent more than one message`);
  const p = (v: number[], q: number) => (v.length ? percentile(v, q) : null);
  const pageP99 = p(pageMs, 99);
  const lookupP99 = p(lookupMs, 99);
  return {
    name: "14 Family accounts",
    figures: [
      fig(`guardians signed in (of ${fams.length}, arriving over ${spreadMs / 1000} s)`, codeMs.length, "", {
        op: "==",
        value: fams.length,
      }),
      fig("children pages read", pageMs.length, ""),
      fig("code request → provider receipt p50", p(codeMs, 50), "ms"),
      fig("code request → provider receipt p99", p(codeMs, 99), "ms", { op: "<=", value: 5_000 }),
      fig("account (GET /api/family/me) p99", p(meMs, 99), "ms"),
      fig("child page (GET /api/family/children/{id}) p50", p(pageMs, 50), "ms"),
      fig("child page p99", pageP99, "ms"),
      fig("public lookup of the same child, same moment, p50", p(lookupMs, 50), "ms"),
      fig("public lookup p99", lookupP99, "ms"),
      fig("child page p99 / public lookup p99", pageP99 && lookupP99 ? pageP99 / lookupP99 : null, "×", {
        op: "<=",
        value: 2,
      }),
      fig("answers 503 (asked again after Retry-After)", tally.busy, ""),
      fig("numbers sent more than one message", twice, "", { op: "==", value: 0 }),
      fig("whole run (first arrival → last page read)", totalMs, "ms"),
    ],
    errors: tally.errors.slice(0, 50),
    details: { guardians: fams.length, children: pageMs.length, smoke, errorCount: tally.errors.length },
    seconds: (Date.now() - started) / 1000,
  };
}
