/**
 * scripts/lib/front.ts, the local stand-in for Cloudflare's edge: the Worker always sees the connection's address,
 * and nothing but the Worker's own answers leaves outside the API's error shape.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionAddress, MAX_URL_BYTES, startFront, type Front } from "../../scripts/lib/front";
import { sendFrom } from "../support/http-from";

let upstream: Server;
let front: Front;
const seen: Record<string, string | undefined>[] = [];
/** Requests each upstream connection has carried (a reused connection has carried one before). */
const carried = new WeakMap<object, number>();

beforeAll(async () => {
  // workerd reads request heads up to 64 KiB (measured on `wrangler dev`: 40 KB of URL passed, 70 KB did not).
  upstream = createServer({ maxHeaderSize: 64 * 1024 }, (req, res) => {
    let size = 0;
    req.on("data", (d: Buffer) => (size += d.length));
    req.on("end", () => {
      seen.push({
        ip: req.headers["cf-connecting-ip"] as string,
        xff: req.headers["x-forwarded-for"] as string,
        length: req.headers["content-length"],
        size: String(size),
      });
      if (req.url === "/proxy-crash")
        return void res
          .writeHead(500, { "Content-Type": "text/plain" })
          .end("Error: Network connection lost.\n    at x (file.js:1:2)");
      if (req.url === "/worker-500")
        return void res
          .writeHead(500, { "Strict-Transport-Security": "max-age=1", "Content-Type": "application/json" })
          .end('{"reason":"INTERNAL"}');
      const n = (carried.get(req.socket) ?? 0) + 1;
      carried.set(req.socket, n);
      if (req.url === "/hang-up") return void req.socket.destroy();
      // What wrangler's idle close looks like to a request sent on the closing connection: a reset, no answer.
      if (req.url === "/closed-when-reused" && n > 1) return void req.socket.destroy();
      if (req.url === "/stream") {
        res.writeHead(200, { "Content-Type": "text/event-stream", "Strict-Transport-Security": "max-age=1" });
        res.write(": connected\n\n");
        return;
      }
      res.writeHead(200, { "Strict-Transport-Security": "max-age=1" }).end("ok");
    });
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
  front = await startFront(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await front.close();
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
});

describe("the local front", () => {
  it("replaces the client's CF-Connecting-IP and X-Forwarded-For by the connection's address", async () => {
    const res = await sendFrom(front.url, "/", {
      headers: { "CF-Connecting-IP": "203.0.113.9", "X-Forwarded-For": "198.51.100.1" },
      from: "127.3.4.5",
    });
    expect(res.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ ip: "127.3.4.5", xff: undefined });
    expect(connectionAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
  });

  it("hands a chunked body on with its length", async () => {
    const res = await fetch(`${front.url}/`, {
      method: "POST",
      body: new Blob(["x".repeat(70_000)]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ length: "70000", size: "70000" });
  });

  it("answers a 5xx that the Worker did not send, or no answer, with 503 in the error shape; passes the Worker's own", async () => {
    for (const path of ["/proxy-crash", "/hang-up"]) {
      const res = await sendFrom(front.url, path);
      expect(res.status, path).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(JSON.parse(res.body)).toMatchObject({
        success: false,
        code: "SERVICE_UNAVAILABLE",
        reason: "SERVICE_UNAVAILABLE",
      });
    }
    const own = await sendFrom(front.url, "/worker-500");
    expect(own.status).toBe(500);
    expect(JSON.parse(own.body)).toEqual({ reason: "INTERNAL" });
  });

  it("refuses a body over the largest limit with 413 before it reaches the Worker, and a GET with a body with 400", async () => {
    const before = seen.length;
    const big = await fetch(`${front.url}/api/admin/import/students`, {
      method: "POST",
      body: new Uint8Array(11 * 1024 * 1024),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ reason: "PAYLOAD_TOO_LARGE" });
    const get = await sendFrom(front.url, "/", { method: "GET", body: { a: 1 } });
    expect(get.status).toBe(400);
    expect(seen.length).toBe(before);
  });

  it("refuses a URL over 16 KiB with 414 and a head over 32 KiB with 431, in the error shape, before the Worker", async () => {
    const before = seen.length;
    const near = await sendFrom(front.url, `/?q=${"a".repeat(MAX_URL_BYTES - 4)}`);
    expect(near.status).toBe(200);
    expect(seen.length).toBe(before + 1);
    for (const method of ["GET", "POST"]) {
      const long = await sendFrom(front.url, `/?q=${"a".repeat(MAX_URL_BYTES)}`, {
        method,
        ...(method === "POST" ? { body: { a: 1 } } : {}),
      });
      expect(long.status, method).toBe(414);
      expect(long.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(long.body)).toMatchObject({ success: false, code: "URI_TOO_LONG", reason: "URL_TOO_LONG" });
    }
    for (const [path, headers] of [
      [`/?q=${"a".repeat(40_000)}`, {}],
      ["/", { Cookie: "c".repeat(40_000) }],
    ] as const) {
      const res = await sendFrom(front.url, path, { headers });
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toMatchObject({
        success: false,
        code: "HEADERS_TOO_LARGE",
        reason: "HEADERS_TOO_LARGE",
      });
    }
    expect(seen.length).toBe(before + 1);
    expect((await sendFrom(front.url, "/")).status).toBe(200); // the front still serves
  });

  it("streams an answer through as it comes (live events)", async () => {
    const res = await fetch(`${front.url}/stream`);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe(": connected\n\n");
    await reader.cancel();
  });

  it("sends a request again, once, when a reused connection is reset before any answer (closed idle upstream)", async () => {
    expect((await sendFrom(front.url, "/")).status).toBe(200); // leaves a kept-alive connection to reuse
    const before = seen.length;
    const res = await sendFrom(front.url, "/closed-when-reused", { method: "POST", body: { a: 1 } });
    expect(res.status).toBe(200);
    expect(seen.slice(before).map((r) => r.size)).toEqual(["7", "7"]); // the reset one, then the answered one
  });
});

describe("idle connections to the upstream", () => {
  it("are never reused once the upstream may have closed them (it says nothing about when)", async () => {
    const idleMs = 400;
    const last = new WeakMap<object, number>();
    const reusedAfter: number[] = [];
    const quiet = createServer((req, res) => {
      const prev = last.get(req.socket);
      if (prev !== undefined) reusedAfter.push(Date.now() - prev);
      res.writeHead(200, { "Strict-Transport-Security": "max-age=1" }).end("ok");
      res.on("finish", () => last.set(req.socket, Date.now()));
    });
    quiet.keepAliveTimeout = 0; // no `Keep-Alive: timeout` hint, as wrangler
    await new Promise<void>((r) => quiet.listen(0, "127.0.0.1", r));
    const near = await startFront(`http://127.0.0.1:${(quiet.address() as AddressInfo).port}`, 0, idleMs);
    try {
      for (const gap of [0, 50, 150, 250, 350, 450]) {
        await new Promise((r) => setTimeout(r, gap));
        expect((await sendFrom(near.url, "/")).status).toBe(200);
      }
      expect(reusedAfter.length).toBeGreaterThan(0); // connections are kept alive…
      expect(Math.max(...reusedAfter)).toBeLessThan(idleMs); // …but never past the upstream's idle time
    } finally {
      await near.close();
      quiet.closeAllConnections();
      await new Promise((r) => quiet.close(r));
    }
  });
});
