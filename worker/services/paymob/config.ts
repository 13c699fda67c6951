/**
 * Paymob's settings from the Worker's secrets and variables (README, "Production"; docs/product.md#online-payments).
 * Online payment is on only when every one of them is set; otherwise the public page hides Pay and creating a
 * payment answers 503 ONLINE_PAYMENTS_DISABLED. Locally `npm start` and the tests point them at the stand-in
 * (docs/decisions/0036-paymob-local-stand-in.md).
 */
import type { Env } from "../../env";

/** Paymob's production API. */
export const PAYMOB_DEFAULT_BASE_URL = "https://accept.paymob.com";

export interface PaymobConfig {
  baseUrl: string;
  /** `Token <secret key>` of the Intention API. */
  secretKey: string;
  /** Public key of the unified checkout's address. */
  publicKey: string;
  /** Key of the callbacks' HMAC. */
  hmacSecret: string;
  /** API key for the auth token of the transaction inquiry. */
  apiKey: string;
  /** Integration ids offered at the checkout (card, wallet, kiosk…). */
  integrationIds: number[];
}

/** The school's integration ids (`PAYMOB_INTEGRATION_IDS`, comma-separated): the only ones a transaction may name. */
export function integrationIdsOf(env: Env): number[] {
  return (env.PAYMOB_INTEGRATION_IDS ?? "")
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** The settings, or null when online payment is not configured. */
export function paymobConfig(env: Env): PaymobConfig | null {
  const ids = integrationIdsOf(env);
  const { PAYMOB_SECRET_KEY: secretKey, PAYMOB_PUBLIC_KEY: publicKey, PAYMOB_HMAC_SECRET: hmacSecret } = env;
  const apiKey = env.PAYMOB_API_KEY;
  if (!secretKey || !publicKey || !hmacSecret || !apiKey || ids.length === 0) return null;
  return {
    baseUrl: env.PAYMOB_BASE_URL || PAYMOB_DEFAULT_BASE_URL,
    secretKey,
    publicKey,
    hmacSecret,
    apiKey,
    integrationIds: ids,
  };
}
