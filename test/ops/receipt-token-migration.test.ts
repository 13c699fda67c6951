/**
 * The payments' receipt tokens (db/migrations 0015-0016; docs/product.md#payments-and-receipts): a database holding
 * payments from before them, migrated to the end, gives every row a distinct 43-character base64url token, and a
 * paid online payment's receipt keeps the token its family was already given.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/local-env";
import { startSqld, type Sqld } from "../../scripts/lib/sqld";

const dir = mkdtempSync(join(tmpdir(), "school-receipt-token-migration-"));
const servers: Sqld[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});

/** A copy of db/migrations whose journal stops before the migration tagged `stopBefore`. */
function migrationsUpTo(stopBefore: string): string {
  const out = join(dir, "migrations-old");
  cpSync(join(ROOT, "db/migrations"), out, { recursive: true });
  const journalPath = join(out, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((e) => e.tag.startsWith(stopBefore));
  expect(end).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end);
  writeFileSync(journalPath, JSON.stringify(journal));
  return out;
}

const ONLINE_TOKEN = "online-receipt-token-given-to-the-family-0001";

describe("payments' receipt tokens: migration", () => {
  it("fills every existing payment with its own token; an online one keeps its family's link", async () => {
    const sqld = await startSqld(join(dir, "db"));
    servers.push(sqld);
    const client = createClient({ url: sqld.url });
    try {
      await migrate<Record<string, never>>(drizzle(client), { migrationsFolder: migrationsUpTo("0015_") });
      const rows = Array.from(
        { length: 300 },
        (_, i) =>
          `(1, 'RCP-2025-2026-${String(i + 1).padStart(6, "0")}', '2025-2026', ${i + 1}, 100, 'payment', '2025-10-01T08:00:00.000Z', '${i === 0 ? "online" : "desk"}')`,
      );
      await client.batch([
        `INSERT INTO students (id, student_no, full_name, nationality, current_grade, building_no, gender) VALUES (1, '30001010100011', 'طالب', 'Egyptian', 'Prep-3', 5, 'male')`,
        `INSERT INTO fee_records (id, student_id, grade, total_piastres, paid_piastres) VALUES (1, 1, 'Prep-3', 100000, 30000)`,
        `INSERT INTO payments (fee_record_id, receipt_no, academic_year, sequence, amount_piastres, kind, paid_at, source) VALUES ${rows.join(", ")}`,
        `INSERT INTO online_payments (public_id, fee_record_id, amount_piastres, status, order_id, client_secret, idempotency_key, request_hash, receipt_token, expires_at, payment_id)
          VALUES ('pub-1', 1, 100, 'paid', '9001', 'secret', 'key-1', 'hash', '${ONLINE_TOKEN}', '2025-10-01T09:00:00.000Z', 1)`,
      ]);

      await migrate<Record<string, never>>(drizzle(client), { migrationsFolder: join(ROOT, "db/migrations") });
      const after = await client.execute("SELECT id, receipt_token FROM payments ORDER BY id");
      const tokens = after.rows.map((r) => String(r.receipt_token));
      expect(tokens).toHaveLength(300);
      expect(tokens[0]).toBe(ONLINE_TOKEN);
      for (const t of tokens.slice(1)) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new Set(tokens).size).toBe(300);
      // The 64 letters all occur (43 × 299 draws): the characters are spread over the whole alphabet.
      expect(new Set(tokens.slice(1).join("")).size).toBe(64);
      await expect(
        client.execute({ sql: "UPDATE payments SET receipt_token = ? WHERE id = 2", args: [tokens[2]!] }),
      ).rejects.toThrow(/UNIQUE/);
    } finally {
      client.close();
    }
  });
});
