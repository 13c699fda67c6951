/**
 * Who moved money, as the ledger's audit rows name it (docs/money.md): a signed-in staff member, or a system actor
 * (no staff member: admin id null, its name as the username, so the audit log reads "online" for Paymob's money).
 */
import type { ActingStaff } from "../../env";

/** A named actor that is not a person. */
export interface SystemActor {
  kind: "system";
  /** What the audit row's username says. */
  username: string;
  displayName: string;
}

/** The system actors: `online` records what Paymob reported (docs/product.md#online-payments). */
export const SYSTEM_ACTORS = {
  online: { kind: "system", username: "online", displayName: "Online (Paymob)" },
} as const satisfies Record<string, SystemActor>;

/** Whoever moves money: a staff member (as the session names them) or a system actor. */
export type MoneyActor = ActingStaff | SystemActor;

/** The audit row's `admin_id` and `admin_username` of `actor`. */
export function auditActorOf(actor: MoneyActor): { id: number | null; username: string } {
  return "kind" in actor ? { id: null, username: actor.username } : { id: actor.id, username: actor.username };
}
