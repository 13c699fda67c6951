/**
 * worker/db-retry.ts `retryingFetch`: a 429 from the database is retried with the same body until the budget runs
 * out, and each call gives up at its deadline.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { isDbUnavailable } from "../../worker/db";
import { DbTimeoutError, retryingFetch } from "../../worker/db-retry";

function fakeDb(statuses: number[]) {
  const bodies: string[] = [];
  const inner = (async (input: RequestInfo, init?: RequestInit) => {
    bodies.push(await new Request(input, init).text());
    return new Response("{}", { status: statuses[Math.min(bodies.length - 1, statuses.length - 1)] });
  }) as typeof fetch;
  return { inner, bodies };
}

describe("retryingFetch", () => {
  it("replays the same body after 429s and returns the first other answer", async () => {
    const { inner, bodies } = fakeDb([429, 429, 200]);
    const req = new Request("http://db.test/v2/pipeline", { method: "POST", body: '{"requests":[]}' });
    const res = await retryingFetch(inner)(req);
    expect(res.status).toBe(200);
    expect(bodies).toEqual(['{"requests":[]}', '{"requests":[]}', '{"requests":[]}']);
  });

  it("does not retry other statuses", async () => {
    const { inner, bodies } = fakeDb([500]);
    const res = await retryingFetch(inner)("http://db.test/", { method: "POST", body: "x" });
    expect(res.status).toBe(500);
    expect(bodies).toHaveLength(1);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("gives the 429 back once the time budget is spent", async () => {
    // On a fake clock with the jitter at its middle the waits are 25, 50, 100 and 200 ms: the fourth would end at
    // 375 ms, past the 200 ms budget, so exactly four tries. Real timers made this depend on the machine's load.
    vi.useFakeTimers({ toFake: ["Date", "setTimeout"] });
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const { inner, bodies } = fakeDb([429]);
    const answer = retryingFetch(inner, 200)("http://db.test/", { method: "POST", body: "x" });
    await vi.runAllTimersAsync();
    expect((await answer).status).toBe(429);
    expect(bodies).toHaveLength(4);
  });
});

describe("retryingFetch with a deadline per call", () => {
  /** A database that accepts the request and never answers, like a server frozen with SIGSTOP. */
  const frozen = ((_: Request, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) =>
      init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)),
    )) as typeof fetch;

  it("gives up on a call that gets no answer, with an error the API reads as an outage", async () => {
    const err = await retryingFetch(
      frozen,
      0,
      50,
    )(new Request("http://db.test/v2/pipeline", { method: "POST", body: "{}" })).catch((e) => e);
    // Its own 50 ms deadline gave up (not a wall-clock bound, which a loaded machine can exceed).
    expect(err).toBeInstanceOf(DbTimeoutError);
    expect(err.message).toBe("database call timed out after 50 ms");
    expect(isDbUnavailable(new Error("Failed query", { cause: err }))).toBe(true);
  });

  it("also gives up on an answer whose body stalls after the headers, when the client reads it", async () => {
    const stalledBody = ((_: Request, init?: RequestInit) =>
      Promise.resolve(
        new Response(
          new ReadableStream({
            start(c) {
              init?.signal?.addEventListener("abort", () => c.error(init.signal!.reason));
            },
          }),
        ),
      )) as typeof fetch;
    const res = await retryingFetch(stalledBody, 0, 50)(new Request("http://db.test/"));
    const err = await res.json().catch((e: unknown) => e);
    expect((err as Error).name).toBe("TimeoutError");
    expect(isDbUnavailable(new Error("Failed query", { cause: err }))).toBe(true);
  });

  it("passes a prompt answer through untouched", async () => {
    const res = await retryingFetch(
      (async () => new Response('{"ok":1}', { status: 200 })) as typeof fetch,
      0,
      50,
    )(new Request("http://db.test/"));
    expect(await res.json()).toEqual({ ok: 1 });
  });
});
