/**
 * An HTTP proxy in front of sqld that tests can switch between "up", "down" (connections refused/reset) and
 * "flaky" (every other request is dropped — half before reaching the database, half after it answered, so the
 * client cannot know whether the write happened), or "cut" (a request body over 64 KB — a big write batch — is
 * cut after half of it reached the database: the link fails in the middle of sending the commit), or "jam" (a
 * request whose statements write is never answered while reads pass: sqld 0.24's jammed write lock), or "headers"
 * (every answer's status and headers arrive, its body never does: a server that stalls mid-answer).
 * Control: POST {control}/mode with body "up" | "down" | "flaky" | "cut" | "jam" | "headers".
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type FaultMode = "up" | "down" | "flaky" | "cut" | "jam" | "headers";
const MODES: readonly string[] = ["up", "down", "flaky", "cut", "jam", "headers"];

/** SQL that writes, as it appears in a Hrana request body (JSON or protobuf carry the statement text as it is). */
const WRITES = /\b(insert|update|delete|replace)\b/i;

export async function startFaultProxy(
  targetUrl: string,
): Promise<{ url: string; control: string; close(): Promise<void> }> {
  const target = new URL(targetUrl);
  let mode: FaultMode = "up";
  let n = 0;
  const proxy: Server = createServer((req, res) => {
    n++;
    if (mode === "down" || (mode === "flaky" && n % 4 === 1)) return req.socket.destroy();
    const dropAfter = mode === "flaky" && n % 4 === 3;
    const upstreamRequest = () =>
      httpRequest(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (up) => {
          if (dropAfter) {
            up.resume();
            up.on("end", () => req.socket.destroy());
            return;
          }
          res.writeHead(up.statusCode ?? 502, up.headers);
          if (mode === "headers") {
            res.flushHeaders();
            up.resume(); // the body is read from the database and never passed on
            return;
          }
          up.pipe(res);
        },
      ).on("error", () => req.socket.destroy());
    if (mode === "jam") {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        if (WRITES.test(body.toString("latin1"))) return; // held: the answer never comes
        upstreamRequest().end(body);
      });
      return;
    }
    const size = Number(req.headers["content-length"] ?? 0);
    if (mode === "cut" && size > 64 * 1024) {
      const upstream = httpRequest({
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      });
      upstream.on("error", () => {});
      let sent = 0;
      req.on("data", (chunk: Buffer) => {
        if (sent >= size / 2) return;
        upstream.write(chunk);
        sent += chunk.length;
        if (sent >= size / 2) {
          upstream.destroy();
          req.socket.destroy();
        }
      });
      return;
    }
    req.pipe(upstreamRequest());
  });
  const control: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      if (MODES.includes(body)) mode = body as FaultMode;
      res.end(mode);
    });
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  await new Promise<void>((r) => control.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    control: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    close: () => {
      proxy.closeAllConnections(); // held "jam" and "headers" requests
      return Promise.all([new Promise((r) => proxy.close(r)), new Promise((r) => control.close(r))]).then(
        () => undefined,
      );
    },
  };
}
