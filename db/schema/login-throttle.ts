/**
 * Failed-login counters per username (known or not), for the 15-minute lockout after 5 failures.
 * Kept in the database because the Workers rate-limit binding is per-location and eventually consistent.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const loginThrottle = sqliteTable("login_throttle", {
  username: text("username").primaryKey(),
  failedCount: integer("failed_count").notNull().default(0),
  windowStartedAt: text("window_started_at").notNull(),
  lockedUntil: text("locked_until"),
});
