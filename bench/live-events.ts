/**
 * Benchmark 5, live events (docs/decisions/0004-live-events.md): 200 admin SSE streams on `/api/fees/events/stream`
 * (bearer token, read with plain `fetch` body readers), then one change (`POST /api/admin/news`, a draft, which
 * publishes `news_updated`); measures the time from sending the change until every stream has the event.
 * A stream that never gets it (10 s) is an error.
 */
import { performance } from "node:perf_hooks";
import type { BenchServer } from "./lib/server";
import { adminToken } from "./lib/server";
import { percentile } from "./lib/load";
import { fig, type BenchResult } from "./lib/report";

const STREAMS = 200;
const WAIT_MS = 10_000;

interface Stream {
  connected: Promise<void>;
  /** Resolves with performance.now() when `event: news_updated` arrives. */
  event: Promise<number>;
}

function openStream(url: string, token: string, signal: AbortSignal): Stream {
  let onConnected!: () => void;
  let onEvent!: (t: number) => void;
  let fail!: (e: unknown) => void;
  const connected = new Promise<void>((res, rej) => {
    onConnected = res;
    fail = rej;
  });
  const event = new Promise<number>((res) => (onEvent = res));
  void (async () => {
    const res = await fetch(`${url}/api/fees/events/stream`, { headers: { Authorization: `Bearer ${token}` }, signal });
    if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      text += value;
      if (text.includes(": connected")) onConnected();
      if (text.includes("event: news_updated")) return onEvent(performance.now());
    }
  })().catch((err) => fail(err));
  return { connected, event };
}

export async function liveEvents(server: BenchServer): Promise<BenchResult> {
  const started = Date.now();
  const token = await adminToken(server.url);
  const abort = new AbortController();
  try {
    const tOpen = performance.now();
    const streams = Array.from({ length: STREAMS }, () => openStream(server.url, token, abort.signal));
    const opened = await Promise.allSettled(streams.map((s) => s.connected));
    const openMs = performance.now() - tOpen;
    const live = streams.filter((_, i) => opened[i]!.status === "fulfilled");
    const openErrors = opened.flatMap((o) => (o.status === "rejected" ? [String(o.reason)] : []));

    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/admin/news`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        title: "Benchmark: live events",
        content: "A draft written by bench/live-events.ts.",
        status: "draft",
      }),
    });
    const postMs = performance.now() - t0;
    if (res.status !== 201) throw new Error(`POST /api/admin/news answered ${res.status}: ${await res.text()}`);
    const timeout = new Promise<null>((r) => setTimeout(() => r(null), WAIT_MS).unref());
    const arrivals = await Promise.all(live.map((s) => Promise.race([s.event, timeout])));
    const delays = arrivals.filter((t): t is number => t !== null).map((t) => t - t0);
    const received = delays.length;

    const errors: string[] = [];
    if (live.length < STREAMS)
      errors.push(
        `${STREAMS - live.length} of ${STREAMS} streams did not open: ${[...new Set(openErrors)].slice(0, 3).join("; ")}`,
      );
    if (received < live.length)
      errors.push(`${live.length - received} open streams did not receive the event within ${WAIT_MS} ms`);
    return {
      name: "5 Live events",
      figures: [
        fig(`streams open (of ${STREAMS})`, live.length, "", { op: "==", value: STREAMS }),
        fig("time to open all streams", openMs, "ms"),
        fig("streams that received the event", received, "", { op: "==", value: STREAMS }),
        fig("change request (POST) response time", postMs, "ms"),
        fig("change → first stream", delays.length ? Math.min(...delays) : null, "ms"),
        fig("change → median stream", delays.length ? percentile(delays, 50) : null, "ms"),
        fig(`change → all ${STREAMS} streams`, received === STREAMS ? Math.max(...delays) : null, "ms", {
          op: "<=",
          value: 1000,
        }),
      ],
      errors,
      details: {
        streams: STREAMS,
        endpoint: "/api/fees/events/stream",
        change: "POST /api/admin/news (draft) → news_updated",
      },
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    abort.abort();
  }
}
