/**
 * The local stand-in for Cloudflare's edge in front of `wrangler dev` (docs/product.md#health; SECURITY.md). What a
 * client reaches on `npm start`'s port, so that locally, as in production:
 * - the client address the Worker reads (`CF-Connecting-IP`) is the connection's, never a header the client sent
 *   (the sign-in lock and the public limits key on it);
 * - every answer not written by the Worker is in the API's error shape, never wrangler's `text/plain` stack trace:
 *   a GET or HEAD with a body is refused with 400, a body over the largest limit with 413 before it reaches wrangler,
 *   a URL over MAX_URL_BYTES with 414 and a request head (request line and headers) over MAX_HEAD_BYTES with 431
 *   (Node's parser answered those with an empty 431), a request Node cannot parse with 400, and an unreachable Worker
 *   or a 5xx that the Worker did not send (it lacks the security headers every Worker answer carries) becomes 503
 *   with `Retry-After`;
 * - a chunked body reaches wrangler with its length (wrangler's proxy answered some chunked bodies over the Worker's
 *   limit with a 500 "Network connection lost");
 * - a kept-alive connection that wrangler has just closed is never the cause of an error: wrangler closes a
 *   connection after 5 s idle without announcing it (no `Keep-Alive: timeout`), and a request sent on it at that
 *   moment met ECONNRESET (measured: 1 of 71 requests sent 4.9-5.6 s after the last one; the browser tests saw it as
 *   a 503 on a script). So idle connections are dropped here first, and a request that still meets a reset on a
 *   reused connection, before any answer, is sent once more on a new one: wrangler never read it.
 * Responses are streamed through (the live-event streams stay live). The benchmarks that measure the Worker's speed
 * run without it, as Cloudflare serves the Worker (bench/lib/server.ts).
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse, Agent } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { IMPORT_MAX_BODY_BYTES } from "../../worker/contracts/import";
import { errorBody } from "../../worker/errors";
import type { Reason } from "../../worker/reasons";

/** Headers a client may not set: Cloudflare sets or strips them at the edge. */
const EDGE_HEADERS = ["cf-connecting-ip", "x-forwarded-for", "x-real-ip", "true-client-ip", "cf-ipcountry", "cf-ray"];
/** Bytes of a refused body read and discarded so that the client sees the answer (as worker/drain-body.ts). */
const DRAIN_MAX_BYTES = 100 * 1024 * 1024;
/** Longest URL (path and query) passed on, in bytes: Workers' URL limit, 16 KiB. Longer: 414 URL_TOO_LONG. */
export const MAX_URL_BYTES = 16 * 1024;
/**
 * Longest request head the front reads, in bytes (Node's `maxHeaderSize`; its default, 16 KiB, refused a URL just
 * under MAX_URL_BYTES). Kept under what wrangler's workerd reads (64 KiB: it answers more with a text/plain 431), so
 * every head the front passes on reaches the Worker. Longer: 431 HEADERS_TOO_LARGE.
 */
export const MAX_HEAD_BYTES = 32 * 1024;

export interface Front {
  url: string;
  close(): Promise<void>;
}

/** The client's address as Cloudflare reports it: IPv4-mapped IPv6 as plain IPv4. */
export function connectionAddress(remote: string | undefined): string {
  return (remote ?? "").replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");
}

/** The headers of every answer the front writes itself, for `body`. */
const ownHeaders = (body: string) => ({
  "Content-Type": "application/json",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Length": String(Buffer.byteLength(body)),
});

function answer(res: ServerResponse, status: number, reason: Reason, extra: Record<string, string> = {}): void {
  if (res.headersSent) return void res.destroy();
  const body = JSON.stringify(errorBody(reason));
  res.writeHead(status, { ...ownHeaders(body), ...extra });
  res.end(body);
}

/**
 * A request Node's parser refused before any handler saw it (a head over MAX_HEAD_BYTES, malformed HTTP): the error
 * shape, written to the socket, then the connection closed (what is left of the request cannot be read).
 */
function refuseUnparsed(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
  const [status, text, reason]: [number, string, Reason] =
    err.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", "HEADERS_TOO_LARGE"]
      : [400, "Bad Request", "INVALID_INPUT"];
  const body = JSON.stringify(errorBody(reason));
  const head = Object.entries({ ...ownHeaders(body), Connection: "close" }).map(([k, v]) => `${k}: ${v}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${text}\r\n${head.join("")}\r\n${body}`);
}

/** Reads the request body up to `max` bytes; null when it is longer (the rest is then drained in the background). */
function readBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (over) {
        if (size > DRAIN_MAX_BYTES) req.destroy();
        return;
      }
      if (size > max) {
        over = true;
        chunks.length = 0;
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on("end", () => !over && resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** How long wrangler dev keeps an idle connection open, in ms (measured; it announces nothing). */
export const UPSTREAM_IDLE_MS = 5_000;
/** An idle connection to wrangler is closed by us after this long, in ms: well before wrangler closes it. */
const IDLE_MARGIN_MS = 1_500;

/**
 * Serves `127.0.0.1:port` (0 = a free port) in front of the Worker at `upstreamUrl`. `upstreamIdleMs` is how long
 * the upstream keeps an idle connection (tests give a short one).
 */
export async function startFront(upstreamUrl: string, port = 0, upstreamIdleMs = UPSTREAM_IDLE_MS): Promise<Front> {
  const upstream = new URL(upstreamUrl);
  // `timeout` on a keep-alive agent closes a free socket after that long idle (an active request is not affected).
  const agent = new Agent({
    keepAlive: true,
    maxSockets: 512,
    timeout: Math.max(1, upstreamIdleMs - Math.min(IDLE_MARGIN_MS, upstreamIdleMs / 2)),
  });
  const server: Server = createServer({ maxHeaderSize: MAX_HEAD_BYTES }, async (req, res) => {
    try {
      if (Buffer.byteLength(req.url ?? "") > MAX_URL_BYTES) {
        req.resume(); // a body, if any, is read and dropped so that the client sees the answer
        return answer(res, 414, "URL_TOO_LONG", { Connection: "close" });
      }
      const body = await readBody(req, IMPORT_MAX_BODY_BYTES);
      if (body === null) return answer(res, 413, "PAYLOAD_TOO_LARGE", { Connection: "close" });
      if ((req.method === "GET" || req.method === "HEAD") && body.length > 0) return answer(res, 400, "INVALID_INPUT");
      const headers: Record<string, string | string[] | undefined> = { ...req.headers };
      for (const h of EDGE_HEADERS) delete headers[h];
      delete headers["transfer-encoding"];
      headers["cf-connecting-ip"] = connectionAddress(req.socket.remoteAddress);
      if (body.length > 0 || !["GET", "HEAD"].includes(req.method ?? ""))
        headers["content-length"] = String(body.length);
      const send = (retry: boolean) => {
        const out = request(
          { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers, agent },
          (up) => {
            const fromWorker = up.headers["strict-transport-security"] !== undefined;
            if ((up.statusCode ?? 502) >= 500 && !fromWorker) {
              up.resume();
              return answer(res, 503, "SERVICE_UNAVAILABLE", { "Retry-After": "5" });
            }
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
            up.on("error", () => res.destroy());
          },
        );
        out.on("error", (err: NodeJS.ErrnoException) => {
          // A reset on a reused connection before any answer: the upstream had closed it idle, unread.
          const unanswered = !res.headersSent && !res.destroyed;
          if (retry && unanswered && out.reusedSocket && err.code === "ECONNRESET") return send(false);
          answer(res, 503, "SERVICE_UNAVAILABLE", { "Retry-After": "5" });
        });
        const stop = () => !res.writableFinished && out.destroy(); // the client left: stop the upstream call
        res.on("close", stop);
        out.on("close", () => res.off("close", stop));
        out.end(body);
      };
      send(true);
    } catch {
      answer(res, 400, "INVALID_INPUT");
    }
  });
  server.on("clientError", refuseUnparsed);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      agent.destroy();
    },
  };
}
