/**
 * The pages' body limit (worker/page-body.ts, docs/product.md#limits) in front of the one page that reads a body,
 * `POST /lang`: a body over the limit is answered 413 before the action reads it, whether it declares its length or
 * comes chunked; the language form itself still works.
 */
import { describe, expect, it, vi } from "vitest";
import { PAGE_MAX_BODY_BYTES, withPageBodyLimit } from "../../worker/page-body";
import { action } from "../../web/routes/lang";

const CHUNK = 64 * 1024;

/** A POST /lang whose body is `bytes` bytes of a form, sent as a stream; `stats.pulled` counts the bytes read. */
function streamedLang(bytes: number, headers: Record<string, string> = {}) {
  const stats = { pulled: 0 };
  const prefix = new TextEncoder().encode("lang=en&scope=public&redirectTo=/results&x=");
  const body = new ReadableStream<Uint8Array>(
    {
      pull(c) {
        if (stats.pulled >= bytes) return c.close();
        const chunk = stats.pulled === 0 ? prefix : new Uint8Array(Math.min(CHUNK, bytes - stats.pulled)).fill(0x61);
        stats.pulled += chunk.byteLength;
        c.enqueue(chunk);
      },
    },
    // Nothing is pulled before it is asked for, so `pulled` is what the code under test read.
    { highWaterMark: 0 },
  );
  const request = new Request("https://school.example/lang", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    duplex: "half",
  } as RequestInit);
  return { request, stats };
}

const langAction = vi.fn((request: Request) => action({ request } as never) as Promise<Response>);

describe("POST /lang body limit", () => {
  it("answers a 200 MB chunked form with 413 after reading at most the limit and one chunk; the action never runs", async () => {
    langAction.mockClear();
    const { request, stats } = streamedLang(200 * 1024 * 1024);
    const res = await withPageBodyLimit(request, langAction);
    expect(res.status).toBe(413);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(stats.pulled).toBeLessThanOrEqual(PAGE_MAX_BODY_BYTES + CHUNK);
    expect(langAction).not.toHaveBeenCalled();
  });

  it("refuses a declared Content-Length over the limit before reading a byte", async () => {
    langAction.mockClear();
    const { request, stats } = streamedLang(200 * 1024 * 1024, { "Content-Length": String(200 * 1024 * 1024) });
    const res = await withPageBodyLimit(request, langAction);
    expect(res.status).toBe(413);
    expect(stats.pulled).toBe(0);
    expect(langAction).not.toHaveBeenCalled();
  });

  it("still switches the language with the real form, declared or chunked", async () => {
    const form = () =>
      new URLSearchParams({
        lang: "en",
        scope: "admin",
        redirectTo: `/admin/dashboard/students?search=${"x".repeat(1000)}`,
      });
    const plain = new Request("https://school.example/lang", { method: "POST", body: form() });
    const res = await withPageBodyLimit(plain, langAction);
    expect(res.status).toBe(302);
    expect(res.headers.get("Set-Cookie")).toMatch(/^admin_lang=en;/);
    expect(res.headers.get("Location")).toMatch(/^\/admin\/dashboard\/students\?search=x{1000}$/);
    const { request } = streamedLang(2 * 1024);
    expect((await withPageBodyLimit(request, langAction)).status).toBe(302);
  });
});
