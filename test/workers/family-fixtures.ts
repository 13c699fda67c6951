/** Family-account helpers for API tests: students with guardians, codes read from the local provider, sessions. */
import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { messages } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { deliver, studentBody } from "./guardian-fixtures";
import { api, eventually, loginAdmin } from "./helpers";

const e = env as unknown as Env & { MESSAGE_STANDIN_URL: string };
const db = () => getDb(e);
let adminToken: string | undefined;
const token = async () => (adminToken ??= await loginAdmin());

/** A client address of its own per call site: the per-client limit never meets another test's requests. */
let ipSeq = Math.floor(Math.random() * 200);
export const freshIp = () => `198.51.${100 + (ipSeq++ % 100)}.${1 + Math.floor(Math.random() * 250)}`;

/** A student with guardians (`phones` in local form), created through the API. */
export async function student(phones: string[], over: Record<string, unknown> = {}) {
  const body = studentBody({
    guardians: phones.map((phone, i) => ({
      full_name: `Guardian ${i}`,
      relation: i ? "father" : "mother",
      phone,
      whatsapp_consent: true,
    })),
    ...over,
  });
  const res = await api("/api/students", { method: "POST", token: await token(), body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { ...(res.json.student as { id: number; student_no: string; full_name: string }), body };
}

export const askCode = (phone: string, ip = freshIp(), now?: Date) =>
  api("/api/family/code", {
    method: "POST",
    body: { phone },
    headers: { "CF-Connecting-IP": ip, ...(now ? { "X-Test-Now": now.toISOString() } : {}) },
  });

export const signIn = (phone: string, code: string, ip = freshIp(), now?: Date) =>
  api("/api/family/session", {
    method: "POST",
    body: { phone, code },
    headers: { "CF-Connecting-IP": ip, ...(now ? { "X-Test-Now": now.toISOString() } : {}) },
  });

/**
 * The code the local provider received for `e164`: the newest sign-in message to it is delivered (unless the queue
 * consumer has it already), then the provider's record of that very message (by the id it answered) is read; an
 * earlier code to the same number is never taken for it.
 */
export async function codeSentTo(e164: string): Promise<string> {
  const [row] = await db()
    .select()
    .from(messages)
    .where(and(eq(messages.toPhone, e164), eq(messages.kind, "sign_in_code")))
    .orderBy(desc(messages.id))
    .limit(1);
  expect(row, "a sign_in_code message was planned").toBeDefined();
  await deliver(db(), e, row!.id, new Date());
  return eventually(`no code reached the provider for ${e164}`, async () => {
    const [now] = await db().select({ providerId: messages.providerId }).from(messages).where(eq(messages.id, row!.id));
    if (!now?.providerId) return undefined;
    const list = (await (await fetch(`${e.MESSAGE_STANDIN_URL}/_standin/messages`)).json()) as {
      id: string;
      params: string[];
      text: string | null;
    }[];
    const sent = list.find((m) => m.id === now.providerId);
    return sent?.params[0] ?? /\d{6}/.exec(sent?.text ?? "")?.[0];
  });
}

/** The family cookie's value from a sign-in answer. */
export const cookieOf = (res: { headers: Headers }) =>
  /family_session=([^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1];
export const asFamily = (cookie: string, init: Parameters<typeof api>[1] = {}) => ({
  ...init,
  headers: { ...init.headers, Cookie: `family_session=${cookie}` },
});

export async function signedIn(local: string) {
  const e164 = `+2${local}`;
  expect((await askCode(local)).status).toBe(200);
  const res = await signIn(local, await codeSentTo(e164));
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return cookieOf(res)!;
}
