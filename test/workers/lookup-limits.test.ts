/**
 * The public lookups' limits over a sliding minute (docs/decisions/0007, worker/lookup-limiter.ts), on the request
 * clock (`X-Test-Now`): no more than the limit in any 60 s, across a minute boundary too, and a per-ID
 * limit that nothing but the ID moves (address, user agent, connection, digit spelling).
 */
import { describe, expect, it } from "vitest";
import { nid } from "./guardian-fixtures";
import { api } from "./helpers";
import { clockYearStart } from "../support/clock-years";

/** A year far from the clock's (five on), whose days no other test's data falls on. */
const FAR = clockYearStart(5);

/** A random address in 10.77.0.0/16 and a random far-future minute, so no other test shares a key or an instant. */
const address = () => `10.77.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 254)}`;
const MINUTE = Date.parse(
  `${FAR + 2}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}T08:00:00Z`,
);
const at = (ms: number) => new Date(MINUTE + ms).toISOString();

const lookup = (id: string, ip: string, now: string, headers: Record<string, string> = {}) =>
  api(`/api/student/results/${encodeURIComponent(id)}`, {
    headers: { "CF-Connecting-IP": ip, "X-Test-Now": now, ...headers },
  });

/** Sends `n` lookups of fresh IDs from `ip` at `now`, answers their statuses. */
async function lookups(ip: string, now: string, n: number) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await lookup(nid(), ip, now)).status);
  return statuses;
}

describe("public lookup limits over a sliding minute", () => {
  it("60 lookups at 0:59.9 use the minute up: none at 1:00 or 1:15, again from 1:59.9", async () => {
    const ip = address();
    expect(await lookups(ip, at(59_900), 60)).toEqual(Array(60).fill(404));
    const refused = await lookup(nid(), ip, at(60_000));
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: "RATE_LIMITED", reason: "RATE_LIMITED" });
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(await lookups(ip, at(75_000), 3)).toEqual([429, 429, 429]);
    expect(await lookups(ip, at(119_899), 1)).toEqual([429]);
    expect(await lookups(ip, at(119_900), 61)).toEqual([...Array(60).fill(404), 429]);
  });

  it("counts one ID the same whoever asks: 10 lookups, then 429 for every client", async () => {
    const id = nid();
    const arabic = id.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const clients: Array<[string, Record<string, string>]> = [
      [id, { "User-Agent": "node", Connection: "keep-alive", Accept: "*/*", "Sec-Fetch-Mode": "cors" }],
      [id, { "User-Agent": "curl/8.5.0", Connection: "close" }],
      [` ${id} `, { "User-Agent": "Mozilla/5.0" }],
      [arabic, { "Accept-Language": "ar" }],
      [id, { "Keep-Alive": "timeout=5", "X-Forwarded-For": "1.2.3.4" }],
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const [spelling, headers] = clients[i % clients.length]!;
      statuses.push((await lookup(spelling, address(), at(1_000 + i), headers)).status);
    }
    expect(statuses).toEqual(Array(10).fill(404));
    for (const [spelling, headers] of clients) {
      expect((await lookup(spelling, address(), at(2_000), headers)).status).toBe(429);
    }
    expect((await lookup(id, address(), at(61_010))).status).toBe(404); // the first lookup left the minute
  });
});
