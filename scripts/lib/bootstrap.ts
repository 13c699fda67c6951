/**
 * Prepares a database for use: migrations, the first admin (when there is none), and the demo dataset (when
 * the database is empty and `seedDemo` is true). Shared by `npm start`, the tests and the benchmarks.
 */
import { ensureFirstAdmin } from "../../worker/services/auth";
import type { SeedSummary } from "../seed";
import { applyMigrations } from "./migrate";
import { nodeDb } from "./db";

export interface BootstrapOptions {
  url: string;
  authToken?: string;
  pepper: string;
  admin: { username: string; password: string };
  seedDemo: boolean;
  now?: Date;
}

export async function bootstrapDatabase(
  opts: BootstrapOptions,
): Promise<{ adminCreated: boolean; seeded: SeedSummary | null }> {
  await applyMigrations(opts.url, opts.authToken);
  const { db, close } = nodeDb(opts.url, opts.authToken);
  try {
    const adminCreated = await ensureFirstAdmin(db as never, opts.admin.username, opts.admin.password, opts.pepper);
    let seeded: SeedSummary | null = null;
    if (opts.seedDemo) {
      // Loaded only when needed: the API tests bootstrap without the demo data.
      const { isDatabaseEmpty, seedDemo } = await import("../seed");
      const { seedDemoStaff } = await import("../seed/staff");
      if (await isDatabaseEmpty(db)) {
        seeded = await seedDemo(db, { now: opts.now ?? new Date() });
        await seedDemoStaff(db, opts.pepper);
      }
    }
    return { adminCreated, seeded };
  } finally {
    close();
  }
}
