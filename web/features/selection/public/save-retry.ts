/**
 * Saving through a busy moment (docs/product.md#teacher-selection): when the server answers 503 (the database is
 * restarting, or the morning's rush is deeper than its queue) or the answer is lost, the page waits as `Retry-After`
 * says and sends the same save again with the same `Idempotency-Key`, so that a save that did land is answered as a
 * replay and never spends the family's one update. The family sees "saving…", not an error, until the budget ends.
 */
import { ApiFailure } from "~/lib/api";

export interface RetryOptions {
  /** How long to keep trying in all, in ms. */
  budgetMs?: number;
  /** Waits `ms` (a timer in the page; a fake in tests). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** 0 ≤ x < 1: spreads the families' retries so they do not return at the same instant. */
  random?: () => number;
  /** A fresh key for this save (a UUID in the page). */
  newKey?: () => string;
}

/** How long to keep trying a save before showing the failure, in ms. */
export const SAVE_RETRY_BUDGET_MS = 60_000;

/** True for a failure worth the same save again: 503, or no answer at all. */
export const isRetryable = (err: unknown) => err instanceof ApiFailure && (err.status === 503 || err.isNetwork);

/** Ms to wait after `err`: its Retry-After (1-10 s, 2 s when absent) plus up to a second of spread. */
export function retryDelayMs(err: unknown, random: () => number): number {
  const after = err instanceof ApiFailure && err.retryAfter !== undefined ? err.retryAfter : 2;
  return Math.min(10, Math.max(1, after)) * 1000 + Math.floor(random() * 1000);
}

/**
 * Calls `send(key)` with one key until it answers or fails for good; retries a retryable failure while the next
 * attempt would start within the budget, then throws the last failure.
 */
export async function sendWithRetries<T>(send: (key: string) => Promise<T>, o: RetryOptions = {}): Promise<T> {
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = o.random ?? Math.random;
  const key = (o.newKey ?? (() => crypto.randomUUID()))();
  const deadline = now() + (o.budgetMs ?? SAVE_RETRY_BUDGET_MS);
  for (;;) {
    try {
      return await send(key);
    } catch (err) {
      const wait = retryDelayMs(err, random);
      if (!isRetryable(err) || now() + wait > deadline) throw err;
      await sleep(wait);
    }
  }
}
