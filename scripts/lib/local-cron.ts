/**
 * The Worker's Cron Triggers under `npm start`. `wrangler dev` (Miniflare) never fires a Worker's crons by itself,
 * so this fires the ones in wrangler.toml's `[triggers]` on their schedule, in UTC as Cloudflare does, through
 * Miniflare's scheduled-event endpoint `/cdn-cgi/local/scheduled?cron=…&time=…` (the same `scheduled()` handler,
 * with the cron pattern and the scheduled minute production would pass). A tick that fails is logged; the next one
 * runs as usual.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Cron } from "croner";
import { parse } from "smol-toml";
import { ROOT } from "./local-env";

/** The cron patterns of wrangler.toml's `[triggers] crons` (empty when there are none). */
export function wranglerCrons(root = ROOT): string[] {
  const config = parse(readFileSync(join(root, "wrangler.toml"), "utf8")) as { triggers?: { crons?: unknown } };
  const crons = config.triggers?.crons;
  return Array.isArray(crons) ? crons.filter((c): c is string => typeof c === "string") : [];
}

/** The endpoint that runs the Worker's `scheduled()` for `cron` at `time` (ms since the epoch, UTC). */
export const scheduledUrl = (baseUrl: string, cron: string, time: number) =>
  `${baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}&time=${time}`;

export interface LocalCron {
  stop(): void;
}

/**
 * Fires each of `crons` against the Worker at `baseUrl` when it falls due (UTC), passing the minute it was due as
 * the scheduled time. A run still going when the next falls due is skipped, as Cloudflare does not overlap them
 * either. `fetchImpl` and `log` are for tests.
 */
export function startLocalCron(
  baseUrl: string,
  opts: { crons?: string[]; log?: (msg: string) => void; fetchImpl?: typeof fetch } = {},
): LocalCron {
  const { crons = wranglerCrons(), log = console.log, fetchImpl = fetch } = opts;
  const jobs = crons.map(
    (pattern) =>
      new Cron(pattern, { timezone: "UTC", protect: true }, async () => {
        const due = Math.floor(Date.now() / 60_000) * 60_000;
        try {
          const res = await fetchImpl(scheduledUrl(baseUrl, pattern, due));
          await res.body?.cancel();
          if (!res.ok) log(`cron "${pattern}": the Worker answered ${res.status}`);
        } catch (err) {
          log(`cron "${pattern}": ${err instanceof Error ? err.message : String(err)}`);
        }
      }),
  );
  return {
    stop: () => {
      for (const job of jobs) job.stop();
    },
  };
}
