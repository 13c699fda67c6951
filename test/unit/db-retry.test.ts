/** worker/db.ts `retryingFetch`: a 429 from the database is retried with the same body until the budget runs out. */
import { describe, expect, it } from "vitest";
import { retryingFetch } from "../../worker/db-retry";

function fakeDb(statuses: number[]) {
  const bodies: string[] = [];
  const inner = (async (req: Request) => {
    bodies.push(await req.text());
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
