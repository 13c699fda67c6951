/**
 * The server `npm start` runs (scripts/lib/serve.ts, which global-setup uses too) answers an over-limit body sent
 * without Content-Length (chunked) with 413 in the API's one error shape every time, not a 500 stack trace from
 * wrangler's local proxy or a reset connection (docs/product.md#limits, docs/decisions/0017).
 */
import { describe, expect, it } from "vitest";
import { server } from "./server";

const FIVE_MIB = 5 * 1024 * 1024;

/** POSTs `bytes` bytes as a stream (undici sends it chunked, without Content-Length); "status body" or "ERR code". */
async function postChunked(url: string, bytes: number): Promise<{ status: number; type: string | null; body: unknown } | string> {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent >= bytes) return c.close();
      sent += chunk.byteLength;
      c.enqueue(chunk);
    },
  });
  try {
    const res = await fetch(url, { method: "POST", body, duplex: "half", headers: { "Content-Type": "application/json" } } as RequestInit);
    const text = await res.text();
    let json: unknown = text.slice(0, 120);
    try {
      json = JSON.parse(text);
    } catch {
      /* a text body is reported as text */
    }
    return { status: res.status, type: res.headers.get("content-type"), body: json };
  } catch (err) {
    return `ERR ${(err as { cause?: { code?: string } }).cause?.code ?? String(err)}`;
  }
}

describe("request body limit on the local server", () => {
  it("answers 20 chunked 5 MiB POSTs to /api with 20 × 413 PAYLOAD_TOO_LARGE", async () => {
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await postChunked(`${server.emptyBaseUrl}/api/auth/login`, FIVE_MIB));
    const expected = {
      status: 413,
      type: "application/json",
      body: { success: false, code: "PAYLOAD_TOO_LARGE", reason: "PAYLOAD_TOO_LARGE", message: "Request body is too large", error: "Request body is too large" },
    };
    expect(answers).toEqual(Array.from({ length: 20 }, () => expected));
  });
});
