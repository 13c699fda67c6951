/**
 * The local Paymob stand-in's pieces that are not HTTP plumbing (docs/decisions/0036-paymob-local-stand-in.md): the
 * transaction object as Paymob's Transaction Processed callback carries it, the query of its Transaction Response
 * redirect, and the checkout page a family clicks through. Field names and value forms follow Paymob's documentation.
 */

/** An intention the stand-in accepted: Paymob's order. */
export interface StandinOrder {
  orderId: number;
  intentionId: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  specialReference: string;
  notificationUrl: string;
  redirectionUrl: string;
  /** The intention's `billing_data` as sent (the tests read what the Worker told Paymob about the payer). */
  billingData: Record<string, unknown>;
  /** The intention's line items as sent (one per child of a family's payment). */
  items: unknown[];
  expiresAt: number;
  integrationIds: number[];
  transactions: Record<string, unknown>[];
}

export type PayMethod = "card" | "wallet" | "kiosk";
export type Outcome = "success" | "declined" | "pending";

/** Paymob's `created_at` form: local time with microseconds, no zone ("2024-06-13T11:33:44.592345"). */
const paymobTime = (d = new Date()) => `${d.toISOString().slice(0, 23)}${String(d.getMilliseconds()).padStart(3, "0")}`;

const SOURCE: Record<PayMethod, { pan: string | null; type: string; sub_type: string }> = {
  card: { pan: "2346", type: "card", sub_type: "MasterCard" },
  wallet: { pan: "01010101010", type: "wallet", sub_type: "wallet" },
  kiosk: { pan: null, type: "aggregator", sub_type: "AGGREGATOR" },
};

export interface TransactionSpec {
  id: number;
  outcome: Outcome;
  method: PayMethod;
  amountCents?: number;
  currency?: string;
  /** A refund or void of an earlier transaction: a new transaction with a parent. */
  reversal?: "refund" | "void";
}

/** A transaction of `order` as Paymob sends it (`obj` of the callback; the inquiry's answer). */
export function transactionOf(order: StandinOrder, spec: TransactionSpec): Record<string, unknown> {
  const method = spec.method;
  const amount = spec.amountCents ?? order.amountCents;
  return {
    id: spec.id,
    pending: spec.outcome === "pending",
    amount_cents: amount,
    success: spec.outcome === "success",
    is_auth: false,
    is_capture: false,
    is_standalone_payment: !spec.reversal,
    is_voided: false,
    is_refunded: false,
    is_refund: spec.reversal === "refund",
    is_void: spec.reversal === "void",
    is_3d_secure: method === "card",
    integration_id:
      order.integrationIds[method === "card" ? 0 : method === "wallet" ? 1 : 2] ?? order.integrationIds[0],
    profile_id: 302852,
    has_parent_transaction: Boolean(spec.reversal),
    order: {
      id: order.orderId,
      created_at: paymobTime(),
      merchant_order_id: order.specialReference,
      amount_cents: order.amountCents,
      currency: order.currency,
    },
    created_at: paymobTime(),
    currency: spec.currency ?? order.currency,
    source_data: SOURCE[method],
    error_occured: false,
    owner: 302852,
    data: {
      message: spec.outcome === "success" ? "Approved" : spec.outcome === "pending" ? "Pending" : "Do not honour",
      ...(method === "kiosk" ? { bill_reference: 70000000 + (spec.id % 10000000) } : {}),
    },
  };
}

/**
 * The Transaction Response redirect's query: the same fields flattened (`order` is the order id, and our reference
 * comes back as `merchant_order_id`), then `hmac`.
 */
export function responseQuery(obj: Record<string, unknown>, hmac: string): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(obj)) {
    if (k === "order") {
      const order = v as { id: number; merchant_order_id?: string };
      q.set("order", String(order.id));
      q.set("merchant_order_id", String(order.merchant_order_id ?? ""));
    } else if (v && typeof v === "object") {
      for (const [sk, sv] of Object.entries(v as Record<string, unknown>)) q.set(`${k}.${sk}`, String(sv ?? ""));
    } else q.set(k, String(v));
  }
  q.set("hmac", hmac);
  return q.toString();
}

/** Where the browser goes back: `redirection_url` and Paymob's `query`, joined by "&" when it has one, else "?". */
export function returnAddress(redirectionUrl: string, query: string): string {
  return `${redirectionUrl}${redirectionUrl.includes("?") ? "&" : "?"}${query}`;
}

/**
 * The intention's `billing_data` refused as Paymob refuses it: a reason, or null when it is acceptable. Every field
 * is a non-empty string, and the e-mail a well-formed address ("NA" is not one).
 */
export function billingDataProblem(b: unknown): string | null {
  if (!b || typeof b !== "object") return "billing_data is required";
  const data = b as Record<string, unknown>;
  for (const k of ["first_name", "last_name", "email", "phone_number"])
    if (typeof data[k] !== "string" || !(data[k] as string).trim()) return `billing_data.${k} is required`;
  if (!/^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/.test(data.email as string))
    return "billing_data.email: Enter a valid email address.";
  return null;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The intention's line items, one a line (name, description, EGP), as Paymob's checkout lists them. */
function itemList(items: unknown[]): string {
  const rows = items.map((raw) => {
    const i = (raw ?? {}) as { name?: unknown; description?: unknown; amount?: unknown };
    const egp = (Number(i.amount) / 100).toFixed(2);
    return `<li data-item>${esc(String(i.name ?? ""))} · ${esc(String(i.description ?? ""))} · <bdi>${egp} EGP</bdi></li>`;
  });
  return items.length > 1 ? `<ul class="note">${rows.join("")}</ul>` : "";
}

/** The checkout page of `order`: the amount, and a button per way to finish (card, wallet, decline, kiosk). */
export function checkoutPage(order: StandinOrder): string {
  const egp = (order.amountCents / 100).toFixed(2);
  const button = (action: string, label: string, tone: string) =>
    `<form method="post" action="/unifiedcheckout/pay"><input type="hidden" name="clientSecret" value="${esc(order.clientSecret)}"><input type="hidden" name="action" value="${action}"><button type="submit" class="${tone}" data-action="${action}">${label}</button></form>`;
  return `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Paymob (local stand-in) — الدفع</title>
<style>body{font:16px/1.6 system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px #0002}h1{font-size:1.2rem;margin:0 0 .25rem}
.amount{font-size:1.8rem;font-weight:700;direction:ltr;text-align:start}p.note{color:#64748b;font-size:.85rem}
button{width:100%;margin-top:.75rem;padding:.8rem;border:0;border-radius:8px;font:inherit;font-weight:700;cursor:pointer}
.pay{background:#15803d;color:#fff}.alt{background:#0369a1;color:#fff}.no{background:#e2e8f0;color:#b91c1c}.kiosk{background:#fef3c7;color:#92400e}</style></head>
<body><main><div class="card"><h1>بوابة الدفع المحلية / Local checkout</h1>
<p class="note">محاكاة محلية لبوابة Paymob: لا تُخصم أي أموال حقيقية. A local stand-in for Paymob: no real money moves.</p>
<div class="amount" data-amount="${order.amountCents}">${egp} EGP</div>
<p class="note">Order ${order.orderId} · ${esc(order.specialReference)}</p>
${itemList(order.items)}
${button("card", "ادفع بالبطاقة / Pay by card", "pay")}
${button("wallet", "ادفع بالمحفظة / Pay by wallet", "alt")}
${button("kiosk", "رقم مرجعي للدفع في منفذ / Kiosk reference", "kiosk")}
${button("decline", "رفض / Decline", "no")}
</div></main></body></html>`;
}
