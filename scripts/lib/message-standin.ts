/**
 * A local stand-in for the guardians' message providers (docs/decisions/0037-guardian-messages.md), speaking their
 * protocols; started by `npm start` (scripts/lib/serve.ts), the browser tests and the API tests when no WhatsApp
 * token is set:
 * - WhatsApp Cloud API: `POST /{version}/{phone-number-id}/messages` (`Authorization: Bearer <token>`, a template
 *   message) → `{messaging_product, contacts, messages: [{id: "wamid.…"}]}`; then the status webhooks sent →
 *   delivered → read, each POSTed to the Worker's `/api/webhooks/whatsapp` with `X-Hub-Signature-256: sha256=<hex
 *   HMAC-SHA256 of the raw body with the app secret>` (computed here with node:crypto, independently of the Worker);
 *   a number ending in 0000 is "undeliverable": sent, then failed with error 131026 (the Worker marks it failed);
 *   a number ending in 0429 is throttled once: its first send is answered HTTP 400 with Meta's error code 130429
 *   (throughput reached), as the Cloud API does, and the next one is accepted (the Worker retries it with backoff);
 * - the HTTP SMS gateway: `POST /sms` (Bearer token) `{to, text, reference}` → `{id}` (no status reports);
 * - `GET /` → a page listing what was "sent"; `GET /_standin/messages` → the same as JSON, with each message's
 *   signed webhooks (an API test posts them to the Worker itself).
 * State lives in memory. The keys are local-only values, never real secrets.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { messagesPage, type StandinMessage } from "./message-standin-page";

/** Local-only values; `WHATSAPP_APP_SECRET` from the environment (or `appSecret`) replaces the app secret. */
export const MESSAGE_STANDIN_KEYS = {
  phoneNumberId: "100000000000001",
  token: "local-whatsapp-token",
  appSecret: "local-whatsapp-app-secret",
  verifyToken: "local-whatsapp-verify-token",
  smsToken: "local-sms-token",
};

export interface MessageStandinOptions {
  port?: number;
  appSecret?: string;
  /** Milliseconds after acceptance of each status webhook (default sent 300, delivered 900, read 6000). */
  delays?: { sent: number; delivered: number; read: number };
}

export interface MessageStandin {
  url: string;
  /** The Worker's WHATSAPP_* and SMS_* variables that point it at this stand-in. */
  env: Record<string, string>;
  /** Where the status webhooks go (the Worker's `/api/webhooks/whatsapp`); none set: they are only recorded. */
  setWebhookUrl(url: string | null): void;
  messages(): StandinMessage[];
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
};

/** A request body as read: JSON whose shape nobody vouches for (each field is checked where it is used). */
interface Body {
  messaging_product?: unknown;
  to?: unknown;
  text?: unknown;
  template?: {
    name?: unknown;
    language?: { code?: unknown };
    components?: Array<{ parameters?: Array<{ text?: unknown } | null> }>;
  };
}

async function bodyOf(req: IncomingMessage): Promise<Body | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
  } catch {
    return null;
  }
}

/** The Cloud API's answer (HTTP 400) when the number's message throughput is reached: a number ending in 0429. */
export const THROTTLED = {
  error: {
    message: "(#130429) Rate limit hit",
    type: "OAuthException",
    code: 130429,
    error_data: { messaging_product: "whatsapp", details: "Cloud API message throughput has been reached (local)" },
    fbtrace_id: "local-throttled",
  },
};

/** The reason the stand-in gives for a number ending in 0000. */
export const UNDELIVERABLE = "Message undeliverable: the number is not on WhatsApp (local provider)";

/** The Cloud API's status notification for one message, as Meta sends it. */
function statusPayload(phoneNumberId: string, m: StandinMessage, status: string) {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "local-waba",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "201000000000", phone_number_id: phoneNumberId },
              statuses: [
                {
                  id: m.id,
                  status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: m.to,
                  ...(status === "failed"
                    ? {
                        errors: [
                          { code: 131026, title: "Message undeliverable", error_data: { details: UNDELIVERABLE } },
                        ],
                      }
                    : {
                        conversation: { id: `conv_${m.id.slice(-8)}`, origin: { type: "utility" } },
                        pricing: { billable: true, pricing_model: "CBP", category: "utility" },
                      }),
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

/** Starts the stand-in on 127.0.0.1:`port` (0 = a free port). */
export async function startMessageStandin(opts: MessageStandinOptions = {}): Promise<MessageStandin> {
  const keys = { ...MESSAGE_STANDIN_KEYS, appSecret: opts.appSecret || MESSAGE_STANDIN_KEYS.appSecret };
  const delays = opts.delays ?? { sent: 300, delivered: 900, read: 6000 };
  const list: StandinMessage[] = [];
  const timers = new Set<NodeJS.Timeout>();
  /** Numbers ending in 0429 already answered with the throttling error once. */
  const throttled = new Set<string>();
  let webhookUrl: string | null = null;

  const sign = (body: string) => `sha256=${createHmac("sha256", keys.appSecret).update(body).digest("hex")}`;

  async function post(m: StandinMessage, hook: StandinMessage["webhooks"][number]) {
    m.statuses.push(hook.status);
    if (!webhookUrl) return;
    try {
      const res = await fetch(webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Hub-Signature-256": hook.signature },
        body: hook.body,
        signal: AbortSignal.timeout(15_000),
      });
      hook.answer = res.status;
      await res.arrayBuffer();
    } catch (err) {
      console.warn(`[message stand-in] webhook to ${webhookUrl} failed: ${String(err)}`);
    }
  }

  /** Records a WhatsApp message and schedules its signed status webhooks, one after another. */
  function acceptWhatsapp(b: Body): StandinMessage {
    const m: StandinMessage = {
      id: `wamid.local${randomBytes(12).toString("hex")}`,
      channel: "whatsapp",
      to: String(b.to),
      template: String(b.template?.name ?? ""),
      language: String(b.template?.language?.code ?? ""),
      params: (b.template?.components?.[0]?.parameters ?? []).map((p) => String(p?.text ?? "")),
      text: null,
      receivedAt: new Date().toISOString(),
      statuses: [],
      webhooks: [],
    };
    const statuses = m.to.endsWith("0000") ? (["sent", "failed"] as const) : (["sent", "delivered", "read"] as const);
    m.webhooks = statuses.map((status) => {
      const body = statusPayload(keys.phoneNumberId, m, status);
      return { status, body, signature: sign(body), answer: null };
    });
    let chain = Promise.resolve();
    for (const hook of m.webhooks) {
      const t = setTimeout(
        () => {
          timers.delete(t);
          chain = chain.then(() => post(m, hook));
        },
        delays[hook.status as keyof typeof delays],
      );
      timers.add(t);
    }
    list.push(m);
    return m;
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://standin");
    const path = url.pathname;
    const auth = req.headers.authorization ?? "";
    const send = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(path);
    if (req.method === "POST" && send) {
      if (auth !== `Bearer ${keys.token}`)
        return json(res, 401, { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } });
      if (send[1] !== keys.phoneNumberId)
        return json(res, 400, {
          error: { message: "Unknown phone number id", type: "GraphMethodException", code: 100 },
        });
      const b = await bodyOf(req);
      if (b?.messaging_product !== "whatsapp" || typeof b.to !== "string" || !/^\d{8,15}$/.test(b.to))
        return json(res, 400, { error: { message: "(#131009) Parameter value is not valid", code: 131009 } });
      if (b.to.endsWith("0429") && !throttled.has(b.to)) {
        throttled.add(b.to);
        return json(res, 400, THROTTLED);
      }
      const m = acceptWhatsapp(b);
      return json(res, 200, {
        messaging_product: "whatsapp",
        contacts: [{ input: b.to, wa_id: b.to }],
        messages: [{ id: m.id }],
      });
    }
    if (req.method === "POST" && path === "/sms") {
      if (auth !== `Bearer ${keys.smsToken}`) return json(res, 401, { error: "invalid token" });
      const b = await bodyOf(req);
      if (typeof b?.to !== "string" || typeof b.text !== "string") return json(res, 400, { error: "to and text" });
      const m: StandinMessage = {
        id: `sms_local_${randomBytes(8).toString("hex")}`,
        channel: "sms",
        to: b.to,
        template: null,
        language: null,
        params: [],
        text: b.text,
        receivedAt: new Date().toISOString(),
        statuses: ["sent"],
        webhooks: [],
      };
      list.push(m);
      return json(res, 200, { id: m.id });
    }
    if (req.method === "GET" && path === "/_standin/messages") return json(res, 200, list);
    if (req.method === "GET" && path === "/") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      return res.end(messagesPage(list));
    }
    json(res, 404, { error: "Not found" });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      console.error(`[message stand-in] ${String(err)}`);
      if (!res.headersSent) json(res, 500, { error: "stand-in error" });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      WHATSAPP_API_URL: `${url}/v21.0`,
      WHATSAPP_PHONE_NUMBER_ID: keys.phoneNumberId,
      WHATSAPP_TOKEN: keys.token,
      WHATSAPP_APP_SECRET: keys.appSecret,
      WHATSAPP_VERIFY_TOKEN: keys.verifyToken,
      SMS_GATEWAY_URL: `${url}/sms`,
      SMS_GATEWAY_TOKEN: keys.smsToken,
    },
    setWebhookUrl: (u) => {
      webhookUrl = u;
    },
    messages: () => list,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
