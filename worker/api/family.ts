/**
 * `/api/family` (docs/product.md#family-accounts): sign-in by a mobile number and a one-time code, then what the
 * family sees: its children, a child's results, fees, receipts and messages, its open sessions and its preferences.
 * Every answer is `no-store`; the session is the `family_session` cookie alone (worker/middleware/family.ts), writes
 * from another site are refused, and a child of another family answers 404 like a child that does not exist.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { createApi, errors, json } from "../openapi";
import { requestNow, requestToday } from "../request-clock";
import {
  familyChildDetailSchema,
  familyChildParamSchema,
  familyCodeRequestSchema,
  familyCodeSentSchema,
  familyMeSchema,
  familyPreferencesInputSchema,
  familyPreferencesSchema,
  familySessionParamSchema,
  familySignInSchema,
} from "../contracts/family";
import { clearFamilyCookie, setFamilyCookie } from "../lib/family-cookie";
import { hmacHex } from "../lib/tokens";
import { sendCodeNow } from "../messages-runtime";
import { clientOf } from "../middleware/rate-limit";
import { enforceFamilyClientLimit, familyOf, refuseCrossSite, requireFamily } from "../middleware/family";
import { familyPaymentsApi } from "./family-payments";
import { checkCode, requestCode } from "../services/family/codes";
import { getPreferences, updatePreferences } from "../services/family/preferences";
import { childDetail, childrenOf } from "../services/family/read";
import { endSessions, openSession, openSessionsOf, SESSION_TTL_MS } from "../services/family/sessions";

const tags = ["Family accounts"];
const body = <T extends z.ZodType>(schema: T) =>
  ({ required: true, content: { "application/json": { schema } } }) as const;
const cookie = [{ familyCookie: [] }];
const ended = z.object({ ended: z.number().int() });

const code = createRoute({
  method: "post",
  path: "/code",
  tags,
  summary: "Send a sign-in code to a mobile number",
  description:
    "The same answer for every readable number; a code goes (WhatsApp, else SMS) only to a guardian's number. 3 codes per number in any hour (429 FAMILY_CODES_LIMIT), 10 requests per client per minute (429 RATE_LIMITED).",
  request: { body: body(familyCodeRequestSchema) },
  responses: { 200: json(familyCodeSentSchema, "Sent, if the school knows the number"), ...errors(400, 403, 429) },
});

const signIn = createRoute({
  method: "post",
  path: "/session",
  tags,
  summary: "Sign in with the code: sets the family_session cookie (30 days)",
  description:
    "Wrong, expired or used code → 401 FAMILY_CODE_INVALID; the fifth wrong try and after → 429 FAMILY_CODE_LOCKED.",
  request: { body: body(familySignInSchema) },
  responses: {
    200: json(z.object({ signed_in: z.literal(true), expires_at: z.string() }), "Signed in"),
    ...errors(400, 401, 403, 429),
  },
});

const signOut = createRoute({
  method: "delete",
  path: "/session",
  tags,
  security: cookie,
  middleware: [requireFamily] as const,
  summary: "Sign out this device",
  responses: { 200: json(ended, "Ended"), ...errors(401, 403) },
});

const me = createRoute({
  method: "get",
  path: "/me",
  tags,
  security: cookie,
  middleware: [requireFamily] as const,
  summary: "The signed-in number, its children and its open sessions",
  responses: { 200: json(familyMeSchema, "The family"), ...errors(401) },
});

const child = createRoute({
  method: "get",
  path: "/children/{id}",
  tags,
  security: cookie,
  middleware: [requireFamily] as const,
  summary: "A child's results, fees by year, receipts and messages",
  request: { params: familyChildParamSchema },
  responses: { 200: json(familyChildDetailSchema, "The child"), ...errors(400, 401, 404) },
});

const endAll = createRoute({
  method: "post",
  path: "/sessions/end-all",
  tags,
  security: cookie,
  middleware: [requireFamily] as const,
  summary: "Sign out on every device (this one included)",
  responses: { 200: json(ended, "Ended"), ...errors(401, 403) },
});

const endOne = createRoute({
  method: "delete",
  path: "/sessions/{id}",
  tags,
  security: cookie,
  middleware: [requireFamily] as const,
  summary: "End one open session of this number",
  request: { params: familySessionParamSchema },
  responses: { 200: json(ended, "Ended"), ...errors(400, 401, 403, 404) },
});

const prefs = createRoute({
  method: "get",
  path: "/preferences",
  tags,
  security: cookie,
  middleware: [requireFamily] as const,
  summary: "Language, WhatsApp and the message kinds of this number",
  responses: { 200: json(familyPreferencesSchema, "The preferences"), ...errors(401) },
});

const savePrefs = createRoute({
  method: "put",
  path: "/preferences",
  tags,
  security: cookie,
  middleware: [requireFamily] as const,
  summary: "Change language, WhatsApp (the guardian's own consent) or message kinds",
  request: { body: body(familyPreferencesInputSchema) },
  responses: { 200: json(familyPreferencesSchema, "The preferences"), ...errors(400, 401, 403) },
});

/** The sign-in routes: no-store, same-site, the per-client limit. */
async function signInGate(c: Context<AppEnv>, kind: "code" | "verify") {
  c.header("Cache-Control", "no-store");
  refuseCrossSite(c);
  await enforceFamilyClientLimit(c, kind);
}

const familyApp = createApi();
familyApp.openAPIRegistry.registerComponent("securitySchemes", "familyCookie", {
  type: "apiKey",
  in: "cookie",
  name: "family_session",
  description: "The family's session (docs/product.md#family-accounts)",
});

/** Mounted at `/api/family`. */
export const familyApi = familyApp
  .openapi(code, async (c) => {
    await signInGate(c, "code");
    const { phone } = c.req.valid("json");
    const now = requestNow(c);
    const { expiresAt, message } = await requestCode(c.get("db"), phone, {
      pepper: c.env.PASSWORD_PEPPER,
      now,
      clientHash: (await hmacHex(c.env.PASSWORD_PEPPER, `family-client\n${clientOf(c)}`)).slice(0, 32),
    });
    if (message) await sendCodeNow(c.env, (p) => c.executionCtx.waitUntil(p), now, message);
    return c.json({ sent: true as const, expires_at: expiresAt }, 200);
  })
  .openapi(signIn, async (c) => {
    await signInGate(c, "verify");
    const { phone, code: typed } = c.req.valid("json");
    const db = c.get("db");
    const now = requestNow(c);
    const codeId = await checkCode(db, c.env.PASSWORD_PEPPER, phone, typed, now);
    const device = c.req.header("User-Agent") ?? null;
    const s = await openSession(db, c.env.PASSWORD_PEPPER, phone, codeId, now, device);
    setFamilyCookie(c, s.token, SESSION_TTL_MS);
    return c.json({ signed_in: true as const, expires_at: s.expiresAt }, 200);
  })
  .openapi(signOut, async (c) => {
    const fam = familyOf(c);
    const n = await endSessions(c.get("db"), fam.phone, "guardian", requestNow(c), fam.id);
    clearFamilyCookie(c);
    return c.json({ ended: n }, 200);
  })
  .openapi(me, async (c) => {
    const fam = familyOf(c);
    const db = c.get("db");
    const [children, sessions] = await Promise.all([
      childrenOf(db, fam.phone),
      openSessionsOf(db, fam.phone, requestNow(c)),
    ]);
    return c.json(
      {
        phone: fam.phone,
        children: children.map(({ studentNo: _, ...ch }) => ch),
        sessions: sessions.map((s) => ({ ...s, current: s.id === fam.id })),
      },
      200,
    );
  })
  .openapi(child, async (c) => {
    const fam = familyOf(c);
    return c.json(await childDetail(c.get("db"), fam.phone, c.req.valid("param").id, requestToday(c)), 200);
  })
  .openapi(endAll, async (c) => {
    const fam = familyOf(c);
    const n = await endSessions(c.get("db"), fam.phone, "guardian", requestNow(c));
    clearFamilyCookie(c);
    return c.json({ ended: n }, 200);
  })
  .openapi(endOne, async (c) => {
    const fam = familyOf(c);
    const id = c.req.valid("param").id;
    const n = await endSessions(c.get("db"), fam.phone, "guardian", requestNow(c), id);
    if (id === fam.id) clearFamilyCookie(c);
    return c.json({ ended: n }, 200);
  })
  .openapi(prefs, async (c) => {
    const fam = familyOf(c);
    return c.json(await getPreferences(c.get("db"), fam.phone), 200);
  })
  .openapi(savePrefs, async (c) => {
    const fam = familyOf(c);
    return c.json(await updatePreferences(c.get("db"), fam.phone, c.req.valid("json"), requestNow(c)), 200);
  })
  // Paying for several children in one checkout (worker/api/family-payments.ts).
  .route("/", familyPaymentsApi);

/** The office's side, mounted at `/api/admin/family` (worker/api/family-admin.ts). */
export { familyAdminApi, guardiansApi } from "./family-admin";
