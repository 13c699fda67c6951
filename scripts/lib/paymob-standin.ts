/**
 * A local stand-in for Paymob that speaks its protocol (docs/decisions/0036-paymob-local-stand-in.md), started by
 * `npm start` (scripts/lib/serve.ts), the browser tests and the API tests when no Paymob keys are set:
 * - `POST /v1/intention/` (`Authorization: Token <secret key>`) → 201 `{id, client_secret, intention_order_id, …}`;
 *   400 when `billing_data` lacks a name, a phone or a well-formed e-mail;
 * - `GET /unifiedcheckout/?publicKey=&clientSecret=` → a checkout page: pay by card or wallet, kiosk reference,
 *   decline. Its buttons POST `/unifiedcheckout/pay`, which sends the signed Transaction Processed callback to the
 *   intention's `notification_url` (`?hmac=`, HMAC-SHA512 with the local HMAC secret) and then redirects the browser
 *   to its `redirection_url` with the Transaction Response fields and their `hmac`;
 * - `POST /api/auth/tokens` `{api_key}` → `{token}`; `POST /api/ecommerce/orders/transaction_inquiry` (Bearer token)
 *   `{order_id | merchant_order_id}` → the order's latest transaction, 404 when it has none.
 * Test controls under `/_standin/`: make a transaction (with or without its callback) or a refund, read an order.
 * State lives in memory; ids start from the clock so that a restarted stand-in never reuses an order id.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { signPaymob } from "../../worker/services/paymob/hmac";
import {
  billingDataProblem,
  checkoutPage,
  type Outcome,
  type PayMethod,
  responseQuery,
  returnAddress,
  type StandinOrder,
  transactionOf,
} from "./paymob-standin-page";

/** Local-only keys (README, "Run it locally"); `PAYMOB_HMAC_SECRET` from the environment replaces the HMAC secret. */
export const STANDIN_KEYS = {
  secretKey: "sk_local_standin",
  publicKey: "pk_local_standin",
  apiKey: "local_standin_api_key",
  hmacSecret: "local-paymob-hmac-secret",
  integrationIds: [4101, 4102, 4103],
};

export interface PaymobStandin {
  url: string;
  /** The Worker's PAYMOB_* variables that point it at this stand-in. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
};

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return {};
  if ((req.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded"))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

type Keys = typeof STANDIN_KEYS;
type Req = { req: IncomingMessage; res: ServerResponse; url: URL; auth: string };
type TransactionRequest = {
  outcome: Outcome;
  method: PayMethod;
  amountCents?: number;
  currency?: string;
  reversal?: "refund" | "void";
};

/** The stand-in's state (in memory) and its routes, one method each. */
class Standin {
  readonly orders = new Map<number, StandinOrder>();
  readonly bySecret = new Map<string, StandinOrder>();
  readonly tokens = new Set<string>();
  orderSeq = Date.now();
  txnSeq = Date.now();
  constructor(readonly keys: Keys) {}

  /** Makes a transaction of `order`; sends its callback unless told not to. Returns it, signed. */
  async transact(order: StandinOrder, spec: TransactionRequest, sendCallback: boolean) {
    const obj = transactionOf(order, { id: ++this.txnSeq, ...spec });
    order.transactions.push(obj);
    const hmac = await signPaymob(obj, this.keys.hmacSecret);
    let callbackStatus: number | null = null;
    if (sendCallback) {
      try {
        const res = await fetch(`${order.notificationUrl}?hmac=${hmac}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ type: "TRANSACTION", obj }),
          signal: AbortSignal.timeout(15_000),
        });
        callbackStatus = res.status;
        await res.arrayBuffer();
      } catch (err) {
        console.warn(`[paymob stand-in] callback to ${order.notificationUrl} failed: ${String(err)}`);
      }
    }
    return { obj, hmac, callback_status: callbackStatus };
  }

  /** `POST /v1/intention/`: Paymob's Intention API. */
  async intention({ req, res, auth }: Req) {
    if (auth !== `Token ${this.keys.secretKey}`) return json(res, 401, { detail: "Invalid secret key" });
    const b = await bodyOf(req);
    if (!Number.isInteger(b.amount) || b.currency !== "EGP" || typeof b.notification_url !== "string")
      return json(res, 400, { detail: "amount, currency and notification_url are required" });
    // Paymob refuses items whose amounts do not add up to the intention's amount.
    const items = Array.isArray(b.items) ? (b.items as { amount?: unknown }[]) : [];
    if (
      items.reduce((sum, i) => sum + (Number.isInteger(i.amount) ? (i.amount as number) : Number.NaN), 0) !== b.amount
    )
      return json(res, 400, { detail: "the items' amounts must add up to the amount" });
    const billingProblem = billingDataProblem(b.billing_data);
    if (billingProblem) return json(res, 400, { detail: billingProblem });
    const order: StandinOrder = {
      orderId: ++this.orderSeq,
      intentionId: `pi_local_${randomBytes(8).toString("hex")}`,
      clientSecret: `egy_csk_local_${randomBytes(16).toString("hex")}`,
      amountCents: b.amount as number,
      currency: "EGP",
      specialReference: String(b.special_reference ?? ""),
      notificationUrl: b.notification_url,
      redirectionUrl: String(b.redirection_url ?? ""),
      billingData: b.billing_data as Record<string, unknown>,
      items: b.items as unknown[],
      expiresAt: Date.now() + Number(b.expiration ?? 3600) * 1000,
      integrationIds: this.keys.integrationIds,
      transactions: [],
    };
    this.orders.set(order.orderId, order);
    this.bySecret.set(order.clientSecret, order);
    json(res, 201, {
      id: order.intentionId,
      client_secret: order.clientSecret,
      intention_order_id: order.orderId,
      amount: order.amountCents,
      currency: order.currency,
      status: "intended",
      special_reference: order.specialReference,
      payment_methods: this.keys.integrationIds.map((id, i) => ({
        integration_id: id,
        method_type: ["card", "wallet", "aggregator"][i],
      })),
    });
  }

  /** `GET /unifiedcheckout/`: the page a family clicks through. */
  checkout({ res, url }: Req) {
    const order = this.bySecret.get(url.searchParams.get("clientSecret") ?? "");
    if (!order || url.searchParams.get("publicKey") !== this.keys.publicKey)
      return json(res, 404, { detail: "Not found" });
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(checkoutPage(order));
  }

  /** `POST /unifiedcheckout/pay`: the transaction, its signed callback, then the browser's redirect back. */
  async pay({ req, res }: Req) {
    const b = await bodyOf(req);
    const order = this.bySecret.get(String(b.clientSecret ?? ""));
    if (!order) return json(res, 404, { detail: "Not found" });
    const action = String(b.action);
    const method: PayMethod = action === "wallet" ? "wallet" : action === "kiosk" ? "kiosk" : "card";
    const outcome: Outcome = action === "decline" ? "declined" : action === "kiosk" ? "pending" : "success";
    const { obj, hmac } = await this.transact(order, { outcome, method }, true);
    res.writeHead(303, { Location: returnAddress(order.redirectionUrl, responseQuery(obj, hmac)) });
    res.end();
  }

  /** `POST /api/auth/tokens` `{api_key}` → `{token}`. */
  async authToken({ req, res }: Req) {
    const b = await bodyOf(req);
    if (b.api_key !== this.keys.apiKey) return json(res, 403, { detail: "Incorrect credentials" });
    const token = `local_token_${randomBytes(12).toString("hex")}`;
    this.tokens.add(token);
    json(res, 201, { token });
  }

  /** `POST /api/ecommerce/orders/transaction_inquiry`: the order's latest transaction. */
  async inquiry({ req, res, auth }: Req) {
    const b = await bodyOf(req);
    const token = auth.replace(/^Bearer /, "") || String(b.auth_token ?? "");
    if (!this.tokens.has(token)) return json(res, 401, { detail: "Invalid token" });
    const order =
      this.orders.get(Number(b.order_id)) ??
      [...this.orders.values()].find((o) => b.merchant_order_id && o.specialReference === b.merchant_order_id);
    const last = order?.transactions.at(-1);
    return last ? json(res, 200, last) : json(res, 404, { detail: "Transaction not found" });
  }

  /** Test controls: `GET /_standin/orders[/{id}]`, `POST /_standin/orders/{id}/transactions | /refund`. */
  async control({ req, res }: Req, orderId: number, action: string | undefined) {
    const order = this.orders.get(orderId);
    if (!order) return json(res, 404, { detail: "No such order" });
    if (req.method === "GET" && !action) return json(res, 200, order);
    const b = await bodyOf(req);
    const reversal = action === "/refund" ? (b.kind === "void" ? "void" : "refund") : undefined;
    const spec: TransactionRequest = {
      outcome: (reversal ? "success" : (b.outcome ?? "success")) as Outcome,
      method: (b.method ?? "card") as PayMethod,
      amountCents: typeof b.amount_cents === "number" ? b.amount_cents : undefined,
      currency: typeof b.currency === "string" ? b.currency : undefined,
      reversal,
    };
    json(res, 201, await this.transact(order, spec, b.callback !== false));
  }

  /** Routes one request. */
  async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://standin");
    const r: Req = { req, res, url, auth: req.headers.authorization ?? "" };
    const route = `${req.method} ${url.pathname}`;
    if (route === "POST /v1/intention/") return this.intention(r);
    if (route === "GET /unifiedcheckout/") return this.checkout(r);
    if (route === "POST /unifiedcheckout/pay") return this.pay(r);
    if (route === "POST /api/auth/tokens") return this.authToken(r);
    if (route === "POST /api/ecommerce/orders/transaction_inquiry") return this.inquiry(r);
    if (route === "GET /_standin/orders") return json(res, 200, [...this.orders.values()]);
    const control = /^\/_standin\/orders\/(\d+)(\/transactions|\/refund)?$/.exec(url.pathname);
    if (control) return this.control(r, Number(control[1]), control[2]);
    json(res, 404, { detail: "Not found" });
  }
}

/** Starts the stand-in on 127.0.0.1:`port` (0 = a free port) with `hmacSecret`. */
export async function startPaymobStandin(opts: { port?: number; hmacSecret?: string } = {}): Promise<PaymobStandin> {
  const keys = { ...STANDIN_KEYS, hmacSecret: opts.hmacSecret || STANDIN_KEYS.hmacSecret };
  const standin = new Standin(keys);
  const server = createServer((req, res) => {
    standin.handle(req, res).catch((err) => {
      console.error(`[paymob stand-in] ${String(err)}`);
      if (!res.headersSent) json(res, 500, { detail: "stand-in error" });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      PAYMOB_BASE_URL: url,
      PAYMOB_SECRET_KEY: keys.secretKey,
      PAYMOB_PUBLIC_KEY: keys.publicKey,
      PAYMOB_API_KEY: keys.apiKey,
      PAYMOB_HMAC_SECRET: keys.hmacSecret,
      PAYMOB_INTEGRATION_IDS: keys.integrationIds.join(","),
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
