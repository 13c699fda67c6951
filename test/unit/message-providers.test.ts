/**
 * The message providers (worker/services/messages/provider.ts) give up on a provider that never answers: a send
 * that hung would hold the queue consumer, and under `wrangler dev` the local queue behind it, for good.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Env } from "../../worker/env";
import { smsProvider, whatsappProvider } from "../../worker/services/messages/provider";

let silent: Server;
let url: string;

beforeAll(async () => {
  silent = createServer(() => {}); // reads the request, never answers
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});

afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((r) => silent.close(r));
});

const message = { id: 1, to: "+201001234567", language: "ar" as const, template: "t", params: [], body: "نص" };

describe("a provider that never answers", () => {
  it.each([
    ["WhatsApp", () => whatsappProvider({ WHATSAPP_API_URL: url, WHATSAPP_PHONE_NUMBER_ID: "1" } as Env, 200)],
    ["SMS", () => smsProvider({ SMS_GATEWAY_URL: `${url}/sms`, SMS_GATEWAY_TOKEN: "t" } as Env, 200)],
  ])("%s: the send fails after the timeout instead of waiting for good", async (_, make) => {
    await expect(make().send(message)).rejects.toThrow(/timeout|aborted/i);
  });
});
