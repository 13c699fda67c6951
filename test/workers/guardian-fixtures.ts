/** Test data for guardians and messages (tests share one database: every value is random). */
import type { Db } from "../../worker/db";
import type { Env } from "../../worker/env";
import { deliverMany, type Outcome } from "../../worker/services/messages/deliver";
import type { Provider } from "../../worker/services/messages/provider";
import { uid } from "./helpers";

/** Delivers one message as a queue batch of one would; `provider` overrides the channel's. */
export async function deliver(db: Db, env: Env, id: number, now: Date, provider?: Provider | null): Promise<Outcome> {
  return (await deliverMany(db, env, [id], now, provider)).get(id)!;
}

/** A random 14-digit national ID. */
export const nid = () => `3${Array.from(crypto.getRandomValues(new Uint8Array(13)), (b) => b % 10).join("")}`;

/** A random Egyptian mobile in local form (`010…`); its E.164 is `+2` + it. */
export const mobile = () => `010${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b % 10).join("")}`;

/** A student create body, Prep-3 by default. */
export const studentBody = (over: Record<string, unknown> = {}) => ({
  student_no: nid(),
  full_name: `Student ${uid()}`,
  nationality: "Egyptian",
  current_grade: "Prep-3",
  building_no: 5,
  ...over,
});
