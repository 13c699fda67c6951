/**
 * What a message to a family says (worker/services/messages/texts.ts, docs/product.md#guardians-and-messages):
 * amounts and dates follow the message's language, as on the pages, in the SMS text and in the WhatsApp template's
 * parameters alike: Arabic-Indic digits and Arabic month names in Arabic (ar-EG, Cairo), Western digits in English.
 * Receipt numbers and links are never rewritten. Receipts go at any hour; reminders wait for the morning.
 */
import { describe, expect, it } from "vitest";
import { isUrgent, renderMessage } from "../../worker/services/messages/texts";

const WESTERN = /[0-9]/;
const link = "https://school.example/pay/receipts/abc123";

describe("amounts and dates follow the message's language", () => {
  it("payment_received in Arabic: ١٬٢٥٠ ج.م in the text and the parameter; receipt number and link as stored", () => {
    const m = renderMessage("payment_received", "ar", {
      studentName: "أحمد علي",
      amountPiastres: 125_000,
      receiptNo: "RCP-2025-2026-000042",
      link,
    });
    expect(m.body).toContain("١٬٢٥٠ ج.م");
    expect(m.body).toContain("RCP-2025-2026-000042");
    expect(m.body).toContain(link);
    expect(m.body.replace("RCP-2025-2026-000042", "").replace(link, "")).not.toMatch(WESTERN);
    expect(m.params).toEqual(["أحمد علي", "١٬٢٥٠", "RCP-2025-2026-000042", link]);
  });

  it("keeps piastres when there are any: ١٬٠٠٠٫٥٠ / 1,000.50", () => {
    const facts = { studentName: "S", amountPiastres: 100_050, receiptNo: "R", link };
    expect(renderMessage("payment_received", "ar", facts).params[1]).toBe("١٬٠٠٠٫٥٠");
    expect(renderMessage("payment_received", "en", facts).params[1]).toBe("1,000.50");
  });

  it("instalment reminders in Arabic name the month and use Arabic-Indic digits", () => {
    const facts = { studentName: "منى", amountPiastres: 100_000, dueDate: "2026-03-05" };
    for (const kind of ["instalment_due", "instalment_overdue"] as const) {
      const m = renderMessage(kind, "ar", facts);
      expect(m.body).toContain("١٬٠٠٠ ج.م");
      expect(m.body).toContain("٥ مارس ٢٠٢٦");
      expect(m.body).not.toMatch(WESTERN);
      expect(m.params).toEqual(["منى", "١٬٠٠٠", "٥ مارس ٢٠٢٦"]);
    }
  });

  it("English messages keep Western digits and spell the month", () => {
    const m = renderMessage("instalment_due", "en", {
      studentName: "Mona",
      amountPiastres: 125_000,
      dueDate: "2026-03-05",
    });
    expect(m.body).toBe("Reminder: Mona's instalment of EGP 1,250 is due on March 5, 2026.");
    expect(m.params).toEqual(["Mona", "1,250", "March 5, 2026"]);
  });

  it("a date falls on its Cairo day whatever the season (summer time)", () => {
    const m = renderMessage("instalment_due", "ar", { studentName: "S", amountPiastres: 100, dueDate: "2026-07-31" });
    expect(m.params[2]).toBe("٣١ يوليو ٢٠٢٦");
  });

  it("results_published names the term in the message's language and digits", () => {
    const facts = { studentName: "سارة", term: { year: "2025-2026", semester: "S1" as const }, link };
    const ar = renderMessage("results_published", "ar", facts);
    expect(ar.params[1]).toBe("الفصل الدراسي الأول ٢٠٢٥-٢٠٢٦");
    expect(ar.body.replace(link, "")).not.toMatch(WESTERN);
    const en = renderMessage("results_published", "en", { ...facts, term: { year: "2025-2026", semester: "S2" } });
    expect(en.params[1]).toBe("Semester 2 2025-2026");
  });
});

describe("urgency is a property of the kind", () => {
  it("receipts go at once at any hour; reminders and announcements wait for the morning", () => {
    expect(isUrgent("payment_received")).toBe(true);
    for (const k of ["instalment_due", "instalment_overdue", "results_published", "selection_opened"] as const) {
      expect(isUrgent(k)).toBe(false);
    }
  });
});
