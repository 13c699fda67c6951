/**
 * Sign-in attempt counters, table `login_attempts` (docs/decisions/0018-login-lock-per-address.md), kept in the
 * database because the Workers rate-limit binding is per location and eventually consistent. One row per
 * (username, client):
 * - `client` = a keyed hash of the caller's address (IPv4, or the /64 of an IPv6): attempts from that address;
 * - `client` = "*": attempts on the username from every address that is not trusted (the ceiling);
 * - `client` = "session:<id>": wrong current passwords typed on one session's password change.
 * `failed_count` counts attempts in the window that began at `window_started_at` (the attempt in progress included;
 * a success resets it). `trusted_until`: the address signed in as this user successfully, so the ceiling does not
 * apply to it until then. Addresses are never stored raw.
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const loginThrottle = sqliteTable(
  "login_attempts",
  {
    username: text("username").notNull(),
    client: text("client").notNull().default("*"),
    failedCount: integer("failed_count").notNull().default(0),
    windowStartedAt: text("window_started_at").notNull(),
    trustedUntil: text("trusted_until"),
  },
  (t) => [primaryKey({ columns: [t.username, t.client] }), index("login_attempts_window_idx").on(t.windowStartedAt)],
);
