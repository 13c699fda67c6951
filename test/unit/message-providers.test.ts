/**
 * The message providers (worker/services/messages/provider.ts) give up on a provider that never answers: a send
 * that hung would hold the queue consumer, and under `wrangler dev` the local queue behind it, for good. WhatsApp's
 * throttling errors, which come as HTTP 400 with an error `code`, are retried like a 429; other refusals are final.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Env } from "../../worker/env";
import { smsProvider, whatsappProvider } from "../../worker/services/messages/provider";

let silent: Server;
let url: string;
/** Answers every request with `answer` (status and JSON body). */
let refusing: Server;
let refusingUrl: string;
let answer: { status: number; body: unknown } = { status: 400, body: {} };

beforeAll(async () => {
  silent = createServer(() => {}); // reads the request, never answers
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  refusing = createServer((req, res) => {
    req.resume().on("end", () => {
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => refusing.listen(0, "127.0.0.1", r));
  refusingUrl = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const server of [silent, refusing]) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
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

/** Meta's error object (a Graph API error) with `code`, answered with HTTP `status`. */
const metaError = (code: number | string, status = 400) => ({
  status,
  body: {
    error: {
      message: `(#${code}) Some title`,
      type: "OAuthException",
      code,
      error_data: { messaging_product: "whatsapp", details: "details" },
      fbtrace_id: "Az8or2yhqkZfEZ-_4Qn_Bam",
    },
  },
});

describe("WhatsApp refusals", () => {
  const send = () =>
    whatsappProvider({ WHATSAPP_API_URL: refusingUrl, WHATSAPP_PHONE_NUMBER_ID: "1", WHATSAPP_TOKEN: "t" } as Env).send(
      message,
    );

  it.each([130429, 131056, 80007, 4, 131048, "130429"])("throttling code %s (HTTP 400) is retried", async (code) => {
    answer = metaError(code);
    expect(await send()).toEqual({ ok: false, retry: true, error: `(#${code}) Some title: details` });
  });

  it.each([131026, 131009, 100, 190, 132001])("code %s (HTTP 400) is final", async (code) => {
    answer = metaError(code);
    expect(await send()).toMatchObject({ ok: false, retry: false });
  });

  it("5xx and 429 are retried whatever the code; a 400 without an error object is final", async () => {
    answer = metaError(131026, 503);
    expect(await send()).toMatchObject({ retry: true });
    answer = metaError(131026, 429);
    expect(await send()).toMatchObject({ retry: true });
    answer = { status: 400, body: { error: "bad" } };
    expect(await send()).toEqual({ ok: false, retry: false, error: "HTTP 400: bad" });
  });

  it("an error without Meta's (#code) in its message gets it, so the log can name the code", async () => {
    answer = {
      status: 401,
      body: { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } },
    };
    expect(await send()).toEqual({ ok: false, retry: false, error: "(#190) Invalid OAuth access token." });
  });
});

describe("SMS gateway refusals", () => {
  const send = () => smsProvider({ SMS_GATEWAY_URL: refusingUrl, SMS_GATEWAY_TOKEN: "t" } as Env).send(message);

  it("keep the HTTP status with the gateway's words, or its raw answer", async () => {
    answer = { status: 402, body: { error: "insufficient balance" } };
    expect(await send()).toEqual({ ok: false, retry: false, error: "HTTP 402: insufficient balance" });
    answer = { status: 400, body: { message: "invalid destination" } };
    expect(await send()).toEqual({ ok: false, retry: false, error: "HTTP 400: invalid destination" });
    answer = { status: 503, body: {} };
    expect(await send()).toEqual({ ok: false, retry: true, error: "HTTP 503: {}" });
  });
});
