/** Test data for guardians and messages (tests share one database: every value is random). */
import { uid } from "./helpers";

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
