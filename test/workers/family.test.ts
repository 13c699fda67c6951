/**
 * Family accounts (docs/product.md#family-accounts): the code sent through the queue to the local provider, wrong
 * codes locking after 5 tries, expiry on a moved clock, 3 codes per number per hour, an unknown number answered alike
 * with nothing sent, the session cookie's flags, revoking, staff and family sessions kept apart, and a family seeing
 * only its own children (404 for another family's, as for none).
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { familySignInCodes, messages } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { mobile } from "./guardian-fixtures";
import { api, expectError, loginAdmin } from "./helpers";
import { asFamily, askCode, codeSentTo, freshIp, signIn, signedIn, student } from "./family-fixtures";

const e = env as unknown as Env & { MESSAGE_STANDIN_URL: string };
const db = () => getDb(e);
let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

describe("sign-in code", () => {
  it("sends a 6-digit code to a guardian's number through the queue, and the code opens a session", async () => {
    const phone = mobile();
    await student([phone]);
    const res = await askCode(phone);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.sent).toBe(true);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const code = await codeSentTo(`+2${phone}`);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await db()
      .select()
      .from(familySignInCodes)
      .where(eq(familySignInCodes.phone, `+2${phone}`));
    expect(stored!.codeHash).not.toContain(code);
    // Sent: the row's text is blanked, and the console shows no code's text.
    const [row] = await db()
      .select()
      .from(messages)
      .where(eq(messages.toPhone, `+2${phone}`));
    expect(row!.body).not.toContain(code);
    const log = await api("/api/admin/messages?kind=sign_in_code&page_size=100", { token });
    expect(log.status, log.text).toBe(200);
    for (const m of log.json.messages) expect(m.body).toBeNull();
    const ok = await signIn(
      phone,
      code.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!),
    );
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    // A replayed code opens nothing.
    expectError(await signIn(phone, code), 401, "UNAUTHORIZED");
  });

  it("locks the code after 5 wrong tries (the right code is refused after)", async () => {
    const phone = mobile();
    await student([phone]);
    await askCode(phone);
    const code = await codeSentTo(`+2${phone}`);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 1; i <= 4; i++) expect((await signIn(phone, wrong)).json.reason).toBe("FAMILY_CODE_INVALID");
    expect((await signIn(phone, wrong)).json.reason).toBe("FAMILY_CODE_LOCKED");
    const after = await signIn(phone, code);
    expect(after.status).toBe(429);
    expect(after.json.reason).toBe("FAMILY_CODE_LOCKED");
  });

  it("expires after 5 minutes (a moved clock)", async () => {
    const phone = mobile();
    await student([phone]);
    const t0 = new Date();
    await askCode(phone, freshIp(), t0);
    const code = await codeSentTo(`+2${phone}`);
    const late = await signIn(phone, code, freshIp(), new Date(t0.getTime() + 5 * 60_000 + 1000));
    expect(late.json.reason).toBe("FAMILY_CODE_INVALID");
    expect((await signIn(phone, code, freshIp(), new Date(t0.getTime() + 4 * 60_000))).status).toBe(200);
  });

  it("sends at most 3 codes per number in an hour, then again an hour later", async () => {
    const phone = mobile();
    await student([phone]);
    const t0 = new Date();
    for (let i = 0; i < 3; i++)
      expect((await askCode(phone, freshIp(), new Date(t0.getTime() + i * 1000))).status).toBe(200);
    const fourth = await askCode(phone, freshIp(), new Date(t0.getTime() + 10_000));
    expect(fourth.status).toBe(429);
    expect(fourth.json.reason).toBe("FAMILY_CODES_LIMIT");
    expect(Number(fourth.headers.get("Retry-After"))).toBeGreaterThan(3000);
    const rows = await db()
      .select()
      .from(messages)
      .where(eq(messages.toPhone, `+2${phone}`));
    expect(rows.filter((m) => m.kind === "sign_in_code")).toHaveLength(3);
    expect((await askCode(phone, freshIp(), new Date(t0.getTime() + 3_601_000))).status).toBe(200);
  });

  it("answers an unknown number the same, sends it nothing, and no code opens it", async () => {
    const phone = mobile();
    const res = await askCode(phone);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["expires_at", "sent"]);
    const sent = await db()
      .select()
      .from(messages)
      .where(eq(messages.toPhone, `+2${phone}`));
    expect(sent).toHaveLength(0);
    expect((await signIn(phone, "123456")).json.reason).toBe("FAMILY_CODE_INVALID");
    for (let i = 0; i < 2; i++) expect((await askCode(phone)).status).toBe(200);
    expect((await askCode(phone)).json.reason).toBe("FAMILY_CODES_LIMIT");
  });

  it("limits a client's requests per minute", async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await askCode(mobile(), ip)).status);
    expect(answers.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it("refuses an unreadable number and a code that is not 6 digits", async () => {
    expectError(await askCode("12"), 400, "VALIDATION_FAILED");
    // A code that is not 6 digits is a wrong code.
    expectError(await signIn(mobile(), "12ab"), 401, "UNAUTHORIZED");
  });
});

describe("session", () => {
  it("sets an HttpOnly, Secure, SameSite=Lax cookie for 30 days", async () => {
    const phone = mobile();
    await student([phone]);
    await askCode(phone);
    const res = await signIn(phone, await codeSentTo(`+2${phone}`));
    const set = res.headers.get("Set-Cookie")!;
    expect(set).toMatch(/^family_session=[A-Za-z0-9_-]{40,}/);
    expect(set).toContain("HttpOnly");
    expect(set).toContain("Secure");
    expect(set).toContain("SameSite=Lax");
    expect(set).toContain("Path=/");
    expect(set).toContain(`Max-Age=${30 * 24 * 3600}`);
  });

  it("lists the sessions and ends one, or every device's", async () => {
    const phone = mobile();
    await student([phone]);
    const a = await signedIn(phone);
    const b = await signedIn(phone);
    const me = await api("/api/family/me", asFamily(a));
    expect(me.status).toBe(200);
    expect(me.headers.get("Cache-Control")).toBe("no-store");
    expect(me.json.sessions).toHaveLength(2);
    expect(me.json.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const all = await api("/api/family/sessions/end-all", asFamily(a, { method: "POST" }));
    expect(all.json.ended).toBe(2);
    expectError(await api("/api/family/me", asFamily(a)), 401, "UNAUTHORIZED");
    expectError(await api("/api/family/me", asFamily(b)), 401, "UNAUTHORIZED");
  });

  it("is ended by the office, audited", async () => {
    const phone = mobile();
    await student([phone]);
    const a = await signedIn(phone);
    const list = await api(`/api/admin/family?phone=${encodeURIComponent(phone)}`, { token });
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    expect(list.json.sessions).toHaveLength(1);
    expect(list.json.sign_ins[0].used).toBe(true);
    const end = await api("/api/admin/family/sessions/end", { method: "POST", token, body: { phone } });
    expect(end.json.ended).toBe(1);
    expectError(await api("/api/family/me", asFamily(a)), 401, "UNAUTHORIZED");
  });

  it("keeps staff and family sessions apart: neither opens the other's routes", async () => {
    const phone = mobile();
    await student([phone]);
    const fam = await signedIn(phone);
    expectError(await api("/api/students", { token: fam }), 401, "UNAUTHORIZED");
    expectError(await api("/api/students", asFamily(fam)), 401, "UNAUTHORIZED");
    expectError(await api("/api/family/me", { token }), 401, "UNAUTHORIZED");
    expectError(await api("/api/family/me", asFamily(token)), 401, "UNAUTHORIZED");
    expectError(await api("/api/family/me", { headers: { Cookie: `admin_session=${token}` } }), 401, "UNAUTHORIZED");
  });

  it("refuses a write from another site (CSRF)", async () => {
    const phone = mobile();
    await student([phone]);
    const fam = await signedIn(phone);
    const res = await api(
      "/api/family/sessions/end-all",
      asFamily(fam, { method: "POST", headers: { Origin: "https://evil.example" } }),
    );
    expectError(res, 403, "FORBIDDEN");
    expect((await api("/api/family/me", asFamily(fam))).status).toBe(200);
  });
});

describe("what a family sees", () => {
  it("sees its children (siblings together) and only them: another family's child is 404", async () => {
    const mother = mobile();
    const a = await student([mother], { full_name: "Salma Adel" });
    const b = await student([mobile(), mother], { current_grade: "KG-1" });
    const other = await student([mobile()]);
    const fam = await signedIn(mother);
    const me = await api("/api/family/me", asFamily(fam));
    expect(me.json.children.map((c: { id: number }) => c.id)).toEqual([a.id, b.id]);
    expect(me.json.children[0]).toMatchObject({ initials: "SA", grade: "Prep-3" });
    const own = await api(`/api/family/children/${b.id}`, asFamily(fam));
    expect(own.status, JSON.stringify(own.json)).toBe(200);
    expect(own.json).toMatchObject({ child: { id: b.id }, results: { status: "none" }, fees: [], receipts: [] });
    expectError(await api(`/api/family/children/${other.id}`, asFamily(fam)), 404, "NOT_FOUND");
    expectError(await api("/api/family/children/999999999", asFamily(fam)), 404, "NOT_FOUND");
  });

  it("loses a child at once when the number is removed from its guardians", async () => {
    const phone = mobile();
    const s = await student([phone]);
    const fam = await signedIn(phone);
    expect((await api(`/api/family/children/${s.id}`, asFamily(fam))).status).toBe(200);
    const edit = await api(`/api/students/${s.id}`, {
      method: "PUT",
      token,
      body: { ...s.body, guardians: [{ full_name: "Other", relation: "father", phone: mobile() }] },
    });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    expectError(await api(`/api/family/children/${s.id}`, asFamily(fam)), 404, "NOT_FOUND");
  });
});
