/**
 * A family's preferences (docs/product.md#family-accounts, "Preferences"): WhatsApp off and on recorded as the
 * guardian's own consent on every row of the number, a switched-off kind not planned for the number, and a STOP reply
 * shown on the page as WhatsApp off with its date (the page and the webhook write the same columns); a child's
 * results under the public lookup's rules (withheld with the amount to pay).
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { studentGuardians } from "../../db/schema";
import { getDb } from "../../worker/db";
import type { Env } from "../../worker/env";
import { writeAndEnqueue } from "../../worker/services/messages/plan";
import { hubSignature } from "../../worker/services/messages/webhook";
import { asFamily, signedIn, student } from "./family-fixtures";
import { insertFee, insertResult, setPublished } from "./fixtures";
import { mobile } from "./guardian-fixtures";
import { api } from "./helpers";
import { clockYear } from "../support/clock-years";
import { clockYearStart } from "../support/clock-years";

/** A year far from the clock's (five on), whose days no other test's data falls on. */
const FAR = clockYearStart(5);

const db = () => getDb(env as unknown as Env);
const put = (cookie: string, body: unknown) =>
  api("/api/family/preferences", asFamily(cookie, { method: "PUT", body }));

async function stop(e164: string) {
  const raw = JSON.stringify({
    entry: [{ changes: [{ value: { messages: [{ from: e164.slice(1), type: "text", text: { body: "STOP" } }] } }] }],
  });
  const signature = `sha256=${await hubSignature("test-app-secret", raw)}`;
  const res = await api("/api/webhooks/whatsapp", {
    method: "POST",
    body: raw,
    headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature },
  });
  expect(res.status, res.text).toBe(200);
}

describe("family preferences", () => {
  it("records WhatsApp off and on as the guardian's own consent on every child's row", async () => {
    const phone = mobile();
    await student([phone]);
    await student([mobile(), phone]);
    const fam = await signedIn(phone);
    const before = await api("/api/family/preferences", asFamily(fam));
    expect(before.json).toMatchObject({ whatsapp: true, language: "ar", opted_out_at: null });
    const off = await put(fam, { whatsapp: false, language: "en" });
    expect(off.status, off.text).toBe(200);
    expect(off.json).toMatchObject({ whatsapp: false, language: "en", consent_recorded_by: "guardian" });
    const rows = await db()
      .select()
      .from(studentGuardians)
      .where(eq(studentGuardians.phone, `+2${phone}`));
    expect(rows).toHaveLength(2);
    for (const r of rows)
      expect(r).toMatchObject({ whatsappConsent: false, language: "en", consentRecordedBy: "guardian" });
  });

  it("does not plan a kind the family switched off", async () => {
    const phone = mobile();
    const s = await student([phone]);
    const fam = await signedIn(phone);
    expect((await put(fam, { kinds: { results_published: false } })).json.kinds.results_published).toBe(false);
    const sent: number[] = [];
    const planned = (kind: "results_published" | "selection_opened", ref: string) =>
      writeAndEnqueue(
        db(),
        `${FAR}-03-01`,
        [{ kind, studentId: s.id, ref, facts: { studentName: "x" } }],
        async (ids) => {
          sent.push(...ids);
        },
      );
    expect(await planned("results_published", `${FAR - 1}-${FAR}/S1`)).toHaveLength(0);
    expect(await planned("selection_opened", `p${s.id}`)).toHaveLength(1);
  });

  it("agrees with a STOP reply, and WhatsApp on again clears it", async () => {
    const phone = mobile();
    await student([phone]);
    const fam = await signedIn(phone);
    await stop(`+2${phone}`);
    const after = await api("/api/family/preferences", asFamily(fam));
    expect(after.json.whatsapp).toBe(false);
    expect(after.json.opted_out_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const on = await put(fam, { whatsapp: true });
    expect(on.json).toMatchObject({ whatsapp: true, opted_out_at: null, consent_recorded_by: "guardian" });
  });
});

describe("a child's results on the family page", () => {
  it("follows the public lookup: published marks once paid, withheld with the amount while fees are unpaid", async () => {
    const year = clockYear(1); // a year the demo data does not use (as in public-results.test.ts)
    await setPublished(year, "S1", true);
    const phone = mobile();
    const paid = await student([phone]);
    const owing = await student([phone]);
    await insertResult(paid.id, year, "S1", [["Mathematics", 88.5, 100]]);
    await insertResult(owing.id, year, "S1", [["Science", 70, 100]]);
    await insertFee(paid.id, 100_000, 100_000);
    await insertFee(owing.id, 100_000, 25_050);
    const fam = await signedIn(phone);
    const a = await api(`/api/family/children/${paid.id}`, asFamily(fam));
    expect(a.json.results.status).toBe("published");
    expect(a.json.results.terms[0].subjects[0]).toMatchObject({ subject_name: "Mathematics", score: 88.5 });
    expect(a.json.fees[0]).toMatchObject({ total: 1000, paid: 1000, remaining: 0, arrears: false });
    const b = await api(`/api/family/children/${owing.id}`, asFamily(fam));
    expect(b.json.results).toEqual({ status: "withheld", rule: "fully_paid", amount_to_pay: 749.5 });
  });

  it("says when a child has no results, or none published yet, and a child of another number is 404", async () => {
    const year = clockYear(2);
    await setPublished(year, "S2", false);
    const phone = mobile();
    const none = await student([phone]);
    const waiting = await student([phone]);
    const other = await student([mobile()]);
    await insertResult(waiting.id, year, "S2", [["Arabic", 7.5, 20]]);
    const fam = await signedIn(phone);
    const a = await api(`/api/family/children/${none.id}`, asFamily(fam));
    expect(a.json).toMatchObject({ results: { status: "none" }, fees: [], receipts: [], messages: [] });
    const b = await api(`/api/family/children/${waiting.id}`, asFamily(fam));
    expect(b.json.results).toEqual({ status: "not_published" });
    expect(b.json.child).toMatchObject({ id: waiting.id, full_name: waiting.full_name });
    const c = await api(`/api/family/children/${other.id}`, asFamily(fam));
    expect(c.status).toBe(404);
    expect(c.text).not.toContain(other.full_name);
  });
});
