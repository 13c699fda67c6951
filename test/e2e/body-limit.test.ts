/**
 * The server `npm start` runs (scripts/lib/serve.ts, which global-setup uses too) answers an over-limit body sent
 * without Content-Length (chunked) with 413 in the API's one error shape every time, not a 500 stack trace from
 * wrangler's local proxy or a reset connection (docs/product.md#limits, docs/decisions/0017).
 */
import { describe, expect, it } from "vitest";
import { sendFrom } from "../support/http-from";
import { server } from "./server";

const FIVE_MIB = 5 * 1024 * 1024;

/** POSTs `bytes` bytes as a stream (undici sends it chunked, without Content-Length); "status body" or "ERR code". */
async function postChunked(
  url: string,
  bytes: number,
): Promise<{ status: number; type: string | null; body: unknown } | string> {
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
    const res = await fetch(url, {
      method: "POST",
      body,
      duplex: "half",
      headers: { "Content-Type": "application/json" },
    } as RequestInit);
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
      body: {
        success: false,
        code: "PAYLOAD_TOO_LARGE",
        reason: "PAYLOAD_TOO_LARGE",
        message: "Request body is too large",
        error: "Request body is too large",
      },
    };
    expect(answers).toEqual(Array.from({ length: 20 }, () => expected));
  });
});

describe("what npm start puts on the port (scripts/lib/front.ts)", () => {
  it("answers a GET or HEAD with a body with 400 in the error shape, not wrangler's 500 stack trace", async () => {
    for (const method of ["GET", "HEAD"]) {
      const res = await sendFrom(server.emptyBaseUrl, "/api/public/news/recent", { method, body: { x: 1 } });
      expect(res.status, method).toBe(400);
      expect(res.headers["content-type"]).toBe("application/json");
      if (method === "GET") expect(JSON.parse(res.body)).toMatchObject({ success: false, reason: "INVALID_INPUT" });
      expect(res.body).not.toMatch(/\bat .*\(.*:\d+:\d+\)/); // no stack frame
    }
  });

  it("keys the sign-in lock on the connection's address, whatever CF-Connecting-IP the client sends", async () => {
    const username = `front-lock-${Date.now()}`;
    const attempt = (forged: string) =>
      sendFrom(server.emptyBaseUrl, "/api/auth/login", {
        method: "POST",
        body: { username, password: "wrong-password" },
        headers: { "CF-Connecting-IP": forged },
        from: "127.9.9.9",
      });
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await attempt(`203.0.113.${i + 1}`)).status);
    // One address whatever the header said: the sixth attempt and later are locked.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Another connection address is another client.
    const other = await sendFrom(server.emptyBaseUrl, "/api/auth/login", {
      method: "POST",
      body: { username, password: "x-wrong-1" },
      from: "127.9.9.10",
    });
    expect(other.status).toBe(401);
  });
});
