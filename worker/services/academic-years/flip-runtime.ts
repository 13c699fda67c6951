/**
 * The daily Cron Trigger "academic-year-flip" (worker/crons.ts): on its start date the next upcoming academic year
 * becomes current and the current one closes (docs/product.md#academic-years-and-rollover).
 */
import type { Env } from "../../env";
import { getDb } from "../../db";
import { schoolDate } from "../../lib/fee-schedule";
import { flipDueYear } from "./write";

/** Runs the flip for the school day of `at`; logs the year made current, if any. */
export async function runYearFlip(env: Env, at: Date): Promise<string | null> {
  const flipped = await flipDueYear(getDb(env), schoolDate(at), at);
  if (flipped) console.log(JSON.stringify({ msg: "academic year made current", year: flipped }));
  return flipped;
}
