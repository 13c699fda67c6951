/** scripts/lib/sqld.ts `freePort`: a port a server can bind next, outside the range outgoing connections take. */
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/sqld";

describe("freePort", () => {
  it("gives ports below the kernel's ephemeral range that a server can then listen on", async () => {
    const start = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(start);
    }
    const srv = createServer();
    await new Promise<void>((res, rej) => srv.once("error", rej).listen(ports[0], "127.0.0.1", res));
    await new Promise((res) => srv.close(res));
  });
});
