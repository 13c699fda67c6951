/**
 * Family accounts (docs/product.md#family-accounts, docs/decisions/0043-family-sign-in.md). A guardian signs in with
 * a mobile number and a one-time code sent to it; an account is the number itself (E.164, as `student_guardians`
 * stores it), so a number removed from a child's guardians loses that child at once, open sessions included.
 * - `family_sign_in_codes`: one row per code asked for, also for a number the school does not know (`known` 0,
 *   nothing sent), so both answer and count alike. Only the HMAC of the code (the Worker's pepper) is stored.
 *   Valid 5 minutes, 5 tries (`attempts`), used once (`consumed_at`).
 * - `guardian_sessions`: the family's cookie sessions, 30 days; only the HMAC of the random token is stored.
 * - `family_preferences`: the message kinds a number does not want (language and WhatsApp consent live on the
 *   guardian rows themselves).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { nowIso } from "./_common";

export const familySignInCodes = sqliteTable(
  "family_sign_in_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** E.164. */
    phone: text("phone").notNull(),
    /** Hex HMAC-SHA256 of `family-code\n{id}\n{phone}\n{code}` with the pepper. */
    codeHash: text("code_hash").notNull(),
    /** 1 when the number is a guardian's (a code was sent); 0: nothing was sent. */
    known: integer("known", { mode: "boolean" }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** Keyed hash of the client that asked (worker/lib/client-address.ts), for the office's view of sign-ins. */
    clientHash: text("client_hash"),
    createdAt: text("created_at").notNull().default(nowIso),
    /** ISO UTC, 5 minutes after `created_at`. */
    expiresAt: text("expires_at").notNull(),
    consumedAt: text("consumed_at"),
  },
  (t) => [
    check("family_codes_attempts_chk", sql`${t.attempts} BETWEEN 0 AND 5`),
    index("family_codes_phone_idx").on(t.phone, t.createdAt),
  ],
);

export const guardianSessions = sqliteTable(
  "guardian_sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** E.164: the account. */
    phone: text("phone").notNull(),
    /** Hex HMAC-SHA256 of `family-session\n{token}` with the pepper. */
    tokenHash: text("token_hash").notNull().unique(),
    /** The browser that signed in (User-Agent, at most 200 characters), to tell devices apart in the list. */
    device: text("device"),
    createdAt: text("created_at").notNull().default(nowIso),
    /** ISO UTC, 30 days after `created_at`. */
    expiresAt: text("expires_at").notNull(),
    lastSeenAt: text("last_seen_at"),
    revokedAt: text("revoked_at"),
    /** `guardian` (signed out themselves) or the staff username that ended it. */
    revokedBy: text("revoked_by"),
  },
  (t) => [index("guardian_sessions_phone_idx").on(t.phone, t.expiresAt)],
);

export const familyPreferences = sqliteTable("family_preferences", {
  /** E.164. */
  phone: text("phone").primaryKey(),
  /** JSON array of message kinds this number does not want. */
  mutedKinds: text("muted_kinds").notNull().default("[]"),
  updatedAt: text("updated_at").notNull().default(nowIso),
});

export type GuardianSession = typeof guardianSessions.$inferSelect;
