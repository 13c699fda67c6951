/**
 * A switch that stalls a real sqld the way a frozen database server does: SIGSTOP keeps its connections open and
 * answers nothing; SIGCONT resumes it. Control: POST {url}/stop | /cont. A stop resumes by itself after
 * `watchdogMs`, so a test that dies before its `finally` cannot leave the server frozen.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export async function startStallControl(
  pid: number,
  watchdogMs = 20_000,
): Promise<{ url: string; close(): Promise<void> }> {
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const resume = () => {
    clearTimeout(watchdog);
    try {
      process.kill(pid, "SIGCONT");
    } catch {
      /* already gone */
    }
  };
  const server = createServer((req, res) => {
    if (req.url === "/stop") {
      process.kill(pid, "SIGSTOP");
      clearTimeout(watchdog);
      watchdog = setTimeout(resume, watchdogMs);
    } else if (req.url === "/cont") resume();
    else res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      resume();
      await new Promise((r) => server.close(r));
    },
  };
}
