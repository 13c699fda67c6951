/**
 * HTTP from a chosen loopback source address: the whole 127.0.0.0/8 range is this machine, so a test or a benchmark
 * plays many clients, each with its own address as the local front (scripts/lib/front.ts) reports it to the Worker.
 */
import { request } from "node:http";

export interface Answer {
  /** 0 when no answer came (connection refused or reset, or no answer within `timeoutMs`). */
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The n-th client address of a range of distinct loopback addresses (127.1.0.1, 127.1.0.2, …). */
export const loopbackAddress = (n: number) => `127.${1 + ((n >> 16) & 0xff)}.${(n >> 8) & 0xff}.${1 + (n & 0x7f)}`;

/** Sends a request (a JSON body when `body` is given) from `from`; never throws. */
export function sendFrom(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; from?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const target = new URL(path, base);
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const json = body ? { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) } : {};
  return new Promise((resolve) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: init.method ?? "GET",
        localAddress: init.from,
        timeout: init.timeoutMs ?? 30_000,
        headers: { ...json, ...init.headers },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("no answer in time")));
    req.on("error", () => resolve({ status: 0, headers: {}, body: "" }));
    req.end(body);
  });
}
