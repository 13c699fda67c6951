/**
 * The Worker's Cron Triggers under `wrangler dev`, as `npm start` fires them (scripts/lib/local-cron.ts): the hourly
 * trigger at the school's send hour plans the day's instalment reminders (docs/product.md#guardians-and-messages),
 * the queue delivers them to the local provider, and a second run of the same hour plans nothing new. On the empty
 * school's server, so that the plan covers only this test's student.
 */
import { describe, expect, inject, it } from "vitest";
import { scheduledUrl, wranglerCrons } from "../../scripts/lib/local-cron";
import { addDays } from "../../worker/services/messages/plan";
import { cairoClock } from "../../worker/services/messages/settings";
import { uniqueStudentNo } from "../support/selection-world";
import { apiClient, ok } from "./admin-api";
import { server } from "./server";

/** The empty school's server: the daily plan it runs covers only what this test made. */
const base = server.emptyBaseUrl;

const HOURLY = "0 * * * *";

/** The UTC instant of `hour`:00 Cairo time on the Cairo day of `near` (Cairo is UTC+2 or +3). */
function cairoHour(near: Date, hour: number): Date {
  const { day } = cairoClock(near);
  for (let h = -4; h < 28; h++) {
    const at = new Date(Date.parse(`${day}T00:00:00Z`) + h * 3_600_000);
    const c = cairoClock(at);
    if (c.day === day && c.hour === hour) return at;
  }
  throw new Error(`no ${hour}:00 on ${day} in Cairo`);
}

describe("Cron Triggers under wrangler dev", () => {
  it("wrangler.toml has the hourly trigger the message plan runs on", () => {
    expect(wranglerCrons()).toContain(HOURLY);
  });

  it("the hourly trigger at the send hour plans an instalment reminder once and the queue delivers it", async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: inject("e2eAdminPassword") }),
    });
    const { token } = (await login.json()) as { token: string };
    const api = apiClient(token, { baseUrl: base });
    const send = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.ok, `${method} ${path} → ${res.status} ${await res.clone().text()}`).toBe(true);
    };
    const { settings } = await ok(api.api.admin.messages.settings.$get());
    const at = cairoHour(new Date(), settings.send_hour);
    const today = cairoClock(at).day;

    const studentNo = uniqueStudentNo();
    const phone = `011${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    await send("POST", "/api/students", {
      student_no: studentNo,
      full_name: "Cron Reminder Student",
      nationality: "مصري",
      current_grade: "Prep-2",
      building_no: 2,
      guardians: [{ full_name: "Father", relation: "father", phone, language: "en", whatsapp_consent: true }],
    });
    await send("POST", "/api/fees", { student_id: studentNo, grade: "Prep-2", total_amount: 900, paid_amount: 0 });
    await send("PUT", `/api/fees/${studentNo}/schedule`, {
      instalments: [{ line: "Tuition", due_date: addDays(today, 7), amount: 900 }],
    });

    const fire = async () => {
      const res = await fetch(scheduledUrl(base, HOURLY, at.getTime()));
      expect(res.status).toBe(200);
      await res.body?.cancel();
    };
    const mine = async () =>
      (await ok(api.api.admin.messages.$get({ query: { student_no: studentNo, kind: "instalment_due" } }))).messages;

    await fire();
    await expect
      .poll(async () => (await mine()).map((m) => m.status), { timeout: 30_000, interval: 250 })
      .toSatisfy((s: string[]) => s.length === 1 && ["delivered", "read"].includes(s[0]!));
    const [message] = await mine();
    expect(message).toMatchObject({ channel: "whatsapp", to: `+2${phone}` });

    await fire(); // the same hour again: the key (kind, student, instalment, day) plans nothing new
    expect((await mine()).map((m) => m.id)).toEqual([message!.id]);
  });
});
