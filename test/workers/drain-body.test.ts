/**
 * withDrainedBody (worker/drain-body.ts): an answer given before the request body was read to its end (the 413 of
 * the body limit) waits until the rest is read, so the connection is not reset under the answer
 * (docs/product.md#limits).
 */
import { describe, expect, it } from "vitest";
import { withDrainedBody } from "../../worker/drain-body";

/** A request whose body is `chunks` chunks of `size` bytes; `stats` counts what was pulled and whether it was cancelled. */
function countedRequest(chunks: number, size = 1024) {
  const stats = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (stats.pulled === chunks) return c.close();
      stats.pulled += 1;
      c.enqueue(new Uint8Array(size));
    },
    cancel() {
      stats.cancelled = true;
    },
  });
  return { request: new Request("http://school.test/api/x", { method: "POST", body }), stats };
}

describe("withDrainedBody", () => {
  it("reads the rest of a body the handler stopped reading, before answering", async () => {
    const { request, stats } = countedRequest(50);
    const res = await withDrainedBody(request, async (req) => {
      const reader = req.body!.getReader();
      await reader.read();
      await reader.read();
      expect(stats.pulled).toBeLessThan(50);
      return new Response("too large", { status: 413 });
    });
    expect(res.status).toBe(413);
    expect(stats.pulled).toBe(50);
    expect(stats.cancelled).toBe(false);
  });

  it("hands the whole body to a handler that reads it", async () => {
    const { request, stats } = countedRequest(8, 100);
    const res = await withDrainedBody(
      request,
      async (req) => new Response(String((await req.arrayBuffer()).byteLength)),
    );
    expect(await res.text()).toBe("800");
    expect(stats.pulled).toBe(8);
  });

  it("reads a body the handler never touched, and also when the handler throws", async () => {
    const untouched = countedRequest(10);
    await withDrainedBody(untouched.request, async () => new Response(null, { status: 401 }));
    expect(untouched.stats.pulled).toBe(10);
    const throwing = countedRequest(10);
    await expect(withDrainedBody(throwing.request, async () => Promise.reject(new Error("boom")))).rejects.toThrow(
      "boom",
    );
    expect(throwing.stats.pulled).toBe(10);
  });

  it("cancels instead of reading past the cap", async () => {
    const { request, stats } = countedRequest(100, 1024);
    await withDrainedBody(request, async () => new Response(null, { status: 413 }), 10 * 1024);
    expect(stats.pulled).toBeLessThan(100);
    expect(stats.cancelled).toBe(true);
  });

  it("passes a request without a body through untouched", async () => {
    const request = new Request("http://school.test/health");
    let seen: Request | null = null;
    await withDrainedBody(request, async (req) => {
      seen = req;
      return new Response("ok");
    });
    expect(seen).toBe(request);
  });
});
