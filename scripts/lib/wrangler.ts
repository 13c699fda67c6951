/**
 * Serves the built Worker with `wrangler dev` (Node 24 from node_modules) in its own process group, so `stop()`
 * ends wrangler and its workerd children together. Used by `npm start`, the e2e setup and the benchmarks.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "./local-env";
import { freePort } from "./sqld";

export interface WranglerDev {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `wrangler dev` on `port` and waits until `/health` answers. `cwd` (default: the repository) is the
 * checkout whose build it serves: the benchmarks serve builds of other commits side by side.
 */
export async function startWranglerDev(opts: {
  port: number;
  envFile: string;
  persistTo: string;
  logLevel?: string;
  timeoutMs?: number;
  cwd?: string;
}): Promise<WranglerDev> {
  const child = spawn(
    process.execPath,
    [
      join(ROOT, "node_modules/wrangler/bin/wrangler.js"),
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(opts.port),
      // Its own devtools port: two servers started at once both took the default one and the second failed.
      "--inspector-port",
      String(await freePort()),
      "--env-file",
      opts.envFile,
      "--persist-to",
      opts.persistTo,
      "--show-interactive-dev-session=false",
      "--log-level",
      opts.logLevel ?? "error",
    ],
    {
      cwd: opts.cwd ?? ROOT,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      detached: true,
    },
  );
  const url = `http://127.0.0.1:${opts.port}`;
  const stop = () =>
    new Promise<void>((res) => {
      if (child.exitCode !== null || child.signalCode !== null) return res();
      child.once("exit", () => res());
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        return res();
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          /* gone */
        }
      }, 5000).unref();
    });
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).status < 500) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error("wrangler dev did not become ready in time");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, process: child, stop };
}
