/**
 * The Paymob gateway behind an interface (docs/product.md#online-payments): create an intention (the unified
 * checkout's order) and ask about an order's latest transaction (reconciliation). `fetchPaymob` speaks Paymob's HTTP
 * API with `fetch` and a deadline per call; locally and in the tests the same code talks to the stand-in
 * (scripts/lib/paymob-standin.ts, docs/decisions/0036-paymob-local-stand-in.md). Every failure (no answer within the
 * deadline, a non-2xx, an unreadable answer) is a 503 PAYMENT_GATEWAY_UNAVAILABLE: nothing was charged.
 */
import { ApiError } from "../../errors";
import type { PaymobConfig } from "./config";

/** Longest wait for one Paymob call (ms); past it the family is told to try again. */
export const PAYMOB_DEADLINE_MS = 10_000;

/**
 * The billing e-mail of every intention: Paymob requires a well-formed address and the school keeps none of the
 * family's; a reserved domain (RFC 2606) that never delivers, so no stranger receives Paymob's mail.
 */
export const PAYMOB_PLACEHOLDER_EMAIL = "no-email@example.com";

/** What the school asks Paymob to collect. Amounts in piastres (Paymob's "cents"), always EGP. */
export interface IntentionInput {
  amountPiastres: number;
  /** Our reference (Paymob returns it as `merchant_order_id`): the payment's public id. */
  specialReference: string;
  /** Where Paymob POSTs the Transaction Processed callback. */
  notificationUrl: string;
  /** Where the family's browser returns after the checkout (the Transaction Response callback, GET). */
  redirectionUrl: string;
  /** Seconds the checkout stays open. */
  expiresInS: number;
  /**
   * The line items shown on Paymob's checkout (one per child of a family's payment): their amounts (piastres) add up
   * to `amountPiastres`, as Paymob requires.
   */
  items: { name: string; description: string; amountPiastres: number }[];
  /** The payer as Paymob needs it: the student's name. */
  payerName: string;
  /** The first guardian's mobile, E.164 (`+201001234567`); null when the student has none ("NA" is sent). */
  payerPhone: string | null;
}

/** Paymob's answer to an intention, the part the school keeps. */
export interface Intention {
  id: string;
  clientSecret: string;
  /** Paymob's order id (`intention_order_id`), found again in callbacks as `obj.order.id`. */
  orderId: string;
}

/** The gateway as the services use it. */
export interface PaymobGateway {
  createIntention(input: IntentionInput): Promise<Intention>;
  /** The unified checkout's address for an intention's client secret. */
  checkoutUrl(clientSecret: string): string;
  /** The latest transaction of Paymob order `orderId` (the callback's `obj`), or null when it has none yet. */
  inquire(orderId: string): Promise<Record<string, unknown> | null>;
}

const unavailable = (what: string, detail: unknown): never => {
  console.warn(JSON.stringify({ msg: "paymob call failed", what, detail: String(detail).slice(0, 200) }));
  throw new ApiError("PAYMENT_GATEWAY_UNAVAILABLE", { retryAfter: 5 });
};

/** POSTs JSON to `url` within the deadline; the parsed answer, null on 404 when `allow404`. */
async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  what: string,
  allow404 = false,
): Promise<Record<string, unknown> | null> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PAYMOB_DEADLINE_MS),
    });
  } catch (err) {
    return unavailable(what, err);
  }
  const text = await res.text().catch(() => "");
  if (allow404 && res.status === 404) return null;
  if (!res.ok) return unavailable(what, `HTTP ${res.status} ${text}`);
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") return parsed as Record<string, unknown>;
  } catch {
    /* below */
  }
  return unavailable(what, "unreadable answer");
}

/** Splits a full name into Paymob's first and last name ("NA" when there is only one word). */
function nameParts(full: string): { first_name: string; last_name: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  return { first_name: words[0] ?? "NA", last_name: words.slice(1).join(" ") || "NA" };
}

/** The gateway over HTTP with `config` (production Paymob, or the local stand-in). */
export function fetchPaymob(config: PaymobConfig): PaymobGateway {
  const base = config.baseUrl.replace(/\/+$/, "");
  return {
    async createIntention(input) {
      const body = {
        amount: input.amountPiastres,
        currency: "EGP",
        payment_methods: config.integrationIds,
        items: input.items.map((i) => ({
          name: i.name,
          description: i.description,
          amount: i.amountPiastres,
          quantity: 1,
        })),
        billing_data: {
          ...nameParts(input.payerName),
          email: PAYMOB_PLACEHOLDER_EMAIL,
          phone_number: input.payerPhone ?? "NA",
          country: "EG",
          city: "NA",
          street: "NA",
          building: "NA",
          floor: "NA",
          apartment: "NA",
        },
        special_reference: input.specialReference,
        notification_url: input.notificationUrl,
        redirection_url: input.redirectionUrl,
        expiration: input.expiresInS,
      };
      const res = await postJson(
        `${base}/v1/intention/`,
        body,
        { Authorization: `Token ${config.secretKey}` },
        "intention",
      );
      const id = res?.id;
      const clientSecret = res?.client_secret;
      const orderId = res?.intention_order_id;
      if (typeof clientSecret !== "string" || (typeof orderId !== "number" && typeof orderId !== "string"))
        return unavailable("intention", "answer without client_secret or intention_order_id");
      return { id: String(id ?? ""), clientSecret, orderId: String(orderId) };
    },

    checkoutUrl(clientSecret) {
      const q = new URLSearchParams({ publicKey: config.publicKey, clientSecret });
      return `${base}/unifiedcheckout/?${q}`;
    },

    async inquire(orderId) {
      const auth = await postJson(`${base}/api/auth/tokens`, { api_key: config.apiKey }, {}, "auth token");
      const token = auth?.token;
      if (typeof token !== "string") return unavailable("auth token", "answer without token");
      return postJson(
        `${base}/api/ecommerce/orders/transaction_inquiry`,
        { auth_token: token, order_id: orderId },
        { Authorization: `Bearer ${token}` },
        "transaction inquiry",
        true,
      );
    },
  };
}
