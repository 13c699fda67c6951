/** The EventHub drops a stream once its reader goes away, so closed browser tabs do not pile up. */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eventually, loginAdmin } from "./helpers";

const hubStats = async () => {
  const ns = (env as any).EVENT_HUB as DurableObjectNamespace;
  const res = await ns.get(ns.idFromName("global")).fetch("https://hub/stats");
  return ((await res.json()) as { clients: number }).clients;
};

describe("EventHub", () => {
  it("forgets a stream after the client cancels it", async () => {
    const token = await loginAdmin();
    const before = await hubStats();
    const res = await (exports as unknown as { default: Fetcher }).default.fetch(
      new Request("http://school.test/api/students/events", { headers: { Authorization: `Bearer ${token}` } }),
    );
    const reader = res.body!.getReader();
    await reader.read();
    expect(await hubStats()).toBe(before + 1);
    await reader.cancel();
    await eventually("the hub kept the closed subscriber", async () =>
      (await hubStats()) === before ? true : undefined,
    );
  });
});
