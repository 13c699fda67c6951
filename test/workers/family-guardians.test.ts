/**
 * The office's guardian pages (docs/product.md#family-accounts, "The office"): the list of guardian numbers with
 * their account state (search by a guardian's name with Arabic letter variants, a child's name or a mobile number;
 * the account filters; paging), one number's account (guardian rows, muted kinds, messages, sign-ins), and ending
 * one session (audited) or refusing another number's.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { mobile } from "./guardian-fixtures";
import { api, expectError, loginAdmin } from "./helpers";
import { asFamily, signedIn, student } from "./family-fixtures";

const e = env as unknown as Env;
let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const tag = () => crypto.randomUUID().slice(0, 8);
const list = (query: string) => api(`/api/admin/guardians?${query}`, { token });
const guardian = (full_name: string, phone: string, relation = "mother") => ({
  full_name,
  relation,
  phone,
  whatsapp_consent: true,
});

describe("guardians list", () => {
  it("groups a number's children, finds it by name variants, child and digits, and filters by account", async () => {
    const phone = mobile();
    const t = tag();
    const name = `أمينة ${t}`;
    await student([], { full_name: `Older Child ${t}`, guardians: [guardian(name, phone)] });
    await student([], { full_name: `Younger Child ${t}`, guardians: [guardian(name, phone)] });

    // "امينه" (no hamza, ه for ة) finds "أمينة"; so do a child's name and the number typed with spaces.
    for (const q of [`امينه ${t}`, `Younger Child ${t}`, `${phone.slice(0, 4)} ${phone.slice(4)}`]) {
      const res = await list(`search=${encodeURIComponent(q)}`);
      expect(res.status, res.text).toBe(200);
      const row = res.json.guardians.find((g: { phone: string }) => g.phone === `+2${phone}`);
      expect(row, q).toBeDefined();
      expect(row.children_count).toBe(2);
      expect(row.children.map((c: { full_name: string }) => c.full_name)).toEqual([
        `Older Child ${t}`,
        `Younger Child ${t}`,
      ]);
      expect(row).toMatchObject({ full_name: name, whatsapp: "on", open_sessions: 0, last_sign_in_at: null });
    }
    const search = `search=${encodeURIComponent(t)}`;
    expect((await list(`${search}&account=never`)).json.guardians).toHaveLength(1);
    expect((await list(`${search}&account=open`)).json.guardians).toHaveLength(0);

    await signedIn(phone);
    const open = await list(`${search}&account=open`);
    expect(open.json.guardians).toHaveLength(1);
    expect(open.json.guardians[0].open_sessions).toBe(1);
    expect(open.json.guardians[0].last_sign_in_at).toEqual(expect.any(String));
    expect((await list(`${search}&account=never`)).json.guardians).toHaveLength(0);
    expect(open.json.counts.open).toBeGreaterThanOrEqual(1);
    expect(open.json.counts.numbers).toBeGreaterThanOrEqual(open.json.counts.signed_in);
  });

  it("pages by name and refuses unknown filters and page sizes", async () => {
    const t = tag();
    for (const n of [3, 1, 2]) await student([], { guardians: [guardian(`Paged ${t} ${n}`, mobile())] });
    const first = await list(`search=${t}&limit=15&page=1`);
    expect(first.json.guardians.map((g: { full_name: string }) => g.full_name)).toEqual([
      `Paged ${t} 1`,
      `Paged ${t} 2`,
      `Paged ${t} 3`,
    ]);
    expect(first.json.pagination).toEqual({ page: 1, limit: 15, total: 3, totalPages: 1 });
    expect((await list(`search=${t}&page=2&limit=15`)).json.guardians).toEqual([]);
    expectError(await list("account=sometimes"), 400, "VALIDATION_FAILED");
    expectError(await list("limit=7"), 400, "VALIDATION_FAILED");
    expectError(await api("/api/admin/guardians"), 401, "UNAUTHORIZED");
  });

  it("sorts by the folded name, so a name with hamza sits with the same name without it", async () => {
    const t = tag();
    // By code point the hamza forms come first (آمال, أسامة, احمد); folded, احمد < اسامه < امال.
    for (const name of [`أسامة ${t}`, `بسمة ${t}`, `احمد ${t}`, `آمال ${t}`])
      await student([], { guardians: [guardian(name, mobile())] });
    const res = await list(`search=${t}`);
    expect(res.json.guardians.map((g: { full_name: string }) => g.full_name)).toEqual([
      `احمد ${t}`,
      `أسامة ${t}`,
      `آمال ${t}`,
      `بسمة ${t}`,
    ]);
    expect(res.json.pagination.total).toBe(4);
    expect((await list(`search=${t}&account=signed_in`)).json.pagination.total).toBe(0);
  });
});

describe("a guardian's account", () => {
  it("lists the guardian rows, muted kinds, messages and sign-ins, and ends one session (audited)", async () => {
    const phone = mobile();
    const e164 = `+2${phone}`;
    const kid = await student([], { guardians: [guardian("Account Mother", phone)] });
    const a = await signedIn(phone);
    const b = await signedIn(phone);
    const muted = await api(
      "/api/family/preferences",
      asFamily(a, { method: "PUT", body: { kinds: { selection_opened: false } } }),
    );
    expect(muted.status, muted.text).toBe(200);
    expect((await api("/api/admin/family/invite", { method: "POST", token, body: { phone } })).status).toBe(200);

    const read = await api(`/api/admin/family?phone=${encodeURIComponent(phone)}`, { token });
    expect(read.status, read.text).toBe(200);
    const acc = read.json;
    expect(acc.guardians).toEqual([
      expect.objectContaining({ student_id: kid.id, full_name: "Account Mother", relation: "mother" }),
    ]);
    expect(acc.muted_kinds).toEqual(["selection_opened"]);
    expect(acc.whatsapp).toBe("on");
    expect(acc.sessions).toHaveLength(2);
    expect(acc.sign_ins).toHaveLength(2);
    expect(acc.messages[0]).toMatchObject({ kind: "family_invite", student_id: kid.id });
    expect(acc.last_invite).toMatchObject({ channel: "whatsapp" });

    // Another number's session is not this number's to end: 404, and it stays open.
    const other = mobile();
    await student([other]);
    await signedIn(other);
    const theirs = (await api(`/api/admin/family?phone=${other}`, { token })).json.sessions[0].id;
    const refused = await api("/api/admin/family/sessions/end", {
      method: "POST",
      token,
      body: { phone, session_id: theirs },
    });
    expectError(refused, 404, "NOT_FOUND");
    expect((await api(`/api/admin/family?phone=${other}`, { token })).json.sessions).toHaveLength(1);

    const one = acc.sessions[0].id;
    const ended = await api("/api/admin/family/sessions/end", {
      method: "POST",
      token,
      body: { phone, session_id: one },
    });
    expect(ended.json).toEqual({ ended: 1 });
    const left = (await api(`/api/admin/family?phone=${phone}`, { token })).json.sessions;
    expect(left.map((s: { id: number }) => s.id)).toEqual([acc.sessions[1].id]);
    expect((await api("/api/family/me", asFamily(a))).status + (await api("/api/family/me", asFamily(b))).status).toBe(
      200 + 401,
    );
    const audited = await getDb(e)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "family_sessions"), eq(auditLog.entityId, e164)));
    expect(audited).toHaveLength(1);
  });

  it("answers empty lists for a number the school does not know", async () => {
    const res = await api(`/api/admin/family?phone=${mobile()}`, { token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ children: [], guardians: [], sessions: [], messages: [], last_invite: null });
  });
});
