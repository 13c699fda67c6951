/**
 * docs/product.md#security-and-privacy promises that a stalled database is answered 503 with Retry-After within 5 s.
 * The API tests stall a real server and check the 503s (test/workers/db-stall.test.ts, db-outage.test.ts) without a
 * stopwatch, which a loaded machine could fail; the bound itself is the deadlines' values, checked here.
 */
import { describe, expect, it } from "vitest";
import { STUCK_MS } from "../../worker/db-bound";
import { DB_CALL_TIMEOUT_MS } from "../../worker/db";
import { WRITE_PROBE_MS } from "../../worker/services/health";

const PROMISE_MS = 5_000;

describe("database deadlines", () => {
  it("each one ends before the 5 s a stalled database's 503 is promised in", () => {
    // One database call (the request is answered 503 when it gives up).
    expect(DB_CALL_TIMEOUT_MS).toBeLessThan(PROMISE_MS);
    // A write waiting behind a call that never ends is refused once that call has run this long.
    expect(STUCK_MS).toBeLessThan(PROMISE_MS);
    // /health's write probe, then its read probe, each this long at most.
    expect(2 * WRITE_PROBE_MS).toBeLessThan(PROMISE_MS);
  });
});
