/** worker/db.ts `retryingFetch`: a 429 from the database is retried with the same body until the budget runs out. */
import { describe, expect, it } from "vitest";
import { retryingFetch } from "../../worker/db-retry";

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

  it("gives the 429 back once the time budget is spent", async () => {
    const { inner, bodies } = fakeDb([429]);
    const res = await retryingFetch(inner, 200)("http://db.test/", { method: "POST", body: "x" });
    expect(res.status).toBe(429);
    expect(bodies.length).toBeGreaterThan(1);
    expect(bodies.length).toBeLessThan(8);
  });
});

describe("timeoutFetch", () => {
  /** A database that accepts the request and never answers, like a server frozen with SIGSTOP. */
  const frozen = ((_: Request, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) =>
      init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)),
    )) as typeof fetch;

  it("gives up on a call that gets no answer, with an error the API reads as an outage", async () => {
    const { DbTimeoutError, isDbUnavailable, timeoutFetch } = await import("../../worker/db");
    const started = Date.now();
    const err = await timeoutFetch(
      frozen,
      50,
    )(new Request("http://db.test/v2/pipeline", { method: "POST", body: "{}" })).catch((e) => e);
    expect(err).toBeInstanceOf(DbTimeoutError);
    expect(isDbUnavailable(new Error("Failed query", { cause: err }))).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("also gives up on an answer whose body stalls after the headers, when the client reads it", async () => {
    const { DbTimeoutError, timeoutFetch } = await import("../../worker/db");
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
    const res = await timeoutFetch(stalledBody, 50)(new Request("http://db.test/"));
    await expect(res.json()).rejects.toBeInstanceOf(DbTimeoutError);
  });

  it("passes a prompt answer through untouched", async () => {
    const { timeoutFetch } = await import("../../worker/db");
    const res = await timeoutFetch(
      (async () => new Response('{"ok":1}', { status: 200 })) as typeof fetch,
      50,
    )(new Request("http://db.test/"));
    expect(await res.json()).toEqual({ ok: 1 });
  });
});
