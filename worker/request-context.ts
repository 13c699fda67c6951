/**
 * What every service that acts for a signed-in staff member gets, as its first parameter: the database, who acts, the
 * request's clock and its id. `requireAdmin` (worker/middleware/auth.ts) builds it once per request, so a handler
 * passes `c.var.ctx` and never assembles these itself. The actor and the request id go into each audit row
 * (docs/product.md#audit-log); `now` is the request's clock (worker/request-clock.ts), which the fee rules date
 * payments and overdue instalments by (docs/product.md#fee-plans, #payments-and-receipts).
 */
import type { Db } from "./db";
import type { ActingStaff } from "./env";

/** One signed-in request: database handle, acting staff member, the request's "now" and its id. */
export interface RequestContext {
  db: Db;
  /** The signed-in staff member (docs/product.md#admin-sign-in). */
  actor: ActingStaff;
  /** The request's clock (`requestNow`): the Worker's clock, or `X-Test-Now` under the test-only TEST_CLOCK. */
  now: Date;
  /** The server's id of the request (worker/middleware/request-id.ts), written to audit rows. */
  requestId: string;
}
