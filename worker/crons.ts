/**
 * The Worker's Cron Triggers by name: each expression of wrangler.toml's `[triggers] crons` maps to one job
 * (test/unit/crons.test.ts checks both lists agree). An expression not listed runs nothing: it is logged and refused,
 * so a trigger added to wrangler.toml without its job here never silently runs another job.
 */

/** Each cron expression and the job it runs (worker/index.ts `scheduled` holds the jobs' code by these names). */
export const CRON_JOBS = {
  // Hourly: the day's guardian messages at the set Cairo hour; stranded ones re-enqueued (worker/messages-runtime.ts).
  "0 * * * *": "message-plan",
  // Every 10 minutes: online payments pending for 30 minutes asked about (worker/online-payments-runtime.ts).
  "*/10 * * * *": "payment-reconciliation",
  // Daily at 22:05 UTC (00:05 or 01:05 in Cairo, after midnight in winter and summer time alike): the next academic
  // year becomes current on its start date (worker/services/academic-years/write.ts `flipDueYear`).
  "5 22 * * *": "academic-year-flip",
} as const;

export type CronJob = (typeof CRON_JOBS)[keyof typeof CRON_JOBS];

/** The job of `cron`, or null (logged through `warn`) for an expression that has none. */
export function cronJob(cron: string, warn: (line: string) => void = console.warn): CronJob | null {
  if (Object.hasOwn(CRON_JOBS, cron)) return CRON_JOBS[cron as keyof typeof CRON_JOBS];
  warn(JSON.stringify({ msg: "unknown cron refused", cron }));
  return null;
}
