/**
 * `npm run admin:create`: creates the first admin in a production database when it has none.
 * Needs LIBSQL_URL, LIBSQL_AUTH_TOKEN, PASSWORD_PEPPER (the same value as the Worker secret),
 * ADMIN_USERNAME and ADMIN_PASSWORD.
 */
import { ensureFirstAdmin } from "../worker/services/auth";
import { nodeDb } from "./lib/db";

const { LIBSQL_URL, LIBSQL_AUTH_TOKEN, PASSWORD_PEPPER, ADMIN_USERNAME, ADMIN_PASSWORD } = process.env;
if (!LIBSQL_URL || !PASSWORD_PEPPER || !ADMIN_USERNAME || !ADMIN_PASSWORD || ADMIN_PASSWORD.length < 12) {
  console.error(
    "Set LIBSQL_URL, LIBSQL_AUTH_TOKEN, PASSWORD_PEPPER, ADMIN_USERNAME and ADMIN_PASSWORD (≥ 12 characters).",
  );
  process.exit(1);
}
const { db, close } = nodeDb(LIBSQL_URL, LIBSQL_AUTH_TOKEN);
const created = await ensureFirstAdmin(db as never, ADMIN_USERNAME, ADMIN_PASSWORD, PASSWORD_PEPPER);
close();
console.log(created ? "admin created" : "an admin already exists; nothing changed");
