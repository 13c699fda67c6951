/**
 * Why a message failed, as the console says it (worker/services/messages/failure.ts,
 * docs/product.md#guardians-and-messages "Console"): a stored failure → a stable reason and the provider's code, and
 * every reason worded in Arabic and English; an unknown code reads as a generic text with the code.
 */
import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n";
import ar from "~/i18n/ar";
import en from "~/i18n/en";
import {
  describeFailure,
  FAILURE_REASONS,
  httpFailure,
  thrownFailure,
  whatsappFailure,
} from "../../worker/services/messages/failure";

describe("stored failures", () => {
  it("WhatsApp's errors carry their code, from an answer or a status webhook", () => {
    expect(whatsappFailure(131026, "Message undeliverable", "Unable to deliver")).toBe(
      "(#131026) Message undeliverable: Unable to deliver",
    );
    expect(whatsappFailure("130429", "(#130429) Rate limit hit")).toBe("(#130429) Rate limit hit");
    expect(whatsappFailure(undefined, "Something")).toBe("Something");
    expect(whatsappFailure(1, "x".repeat(400))).toHaveLength(300);
  });

  it("a send that threw is a timeout or a network failure", () => {
    expect(thrownFailure(new DOMException("The operation was aborted due to timeout", "TimeoutError"))).toBe("timeout");
    expect(thrownFailure(new TypeError("fetch failed"))).toBe("network: fetch failed");
  });
});

describe("describeFailure", () => {
  it.each([
    ["(#131026) Message undeliverable: x", "whatsapp", { reason: "whatsapp_undeliverable", code: "131026" }],
    ["(#130429) Rate limit hit", "whatsapp", { reason: "whatsapp_rate_limited", code: "130429" }],
    ["(#132001) Template name does not exist", "whatsapp", { reason: "whatsapp_template_missing", code: "132001" }],
    ["(#190) Invalid OAuth access token.", "whatsapp", { reason: "whatsapp_access", code: "190" }],
    ["(#139999) Something new", "whatsapp", { reason: "unknown", code: "139999" }],
    [httpFailure(402, "insufficient balance"), "sms", { reason: "sms_no_credit", code: "402" }],
    [httpFailure(400, "invalid destination"), "sms", { reason: "sms_rejected", code: "400" }],
    [httpFailure(401, "invalid token"), "sms", { reason: "sms_access", code: "401" }],
    [httpFailure(503, "{}"), "sms", { reason: "provider_unavailable", code: "503" }],
    [httpFailure(418, "teapot"), "sms", { reason: "unknown", code: "418" }],
    [httpFailure(400, "bad"), "whatsapp", { reason: "unknown", code: "400" }],
    ["timeout", "sms", { reason: "provider_timeout", code: null }],
    ["network: fetch failed", "whatsapp", { reason: "provider_unreachable", code: null }],
    ["no whatsapp provider configured", "whatsapp", { reason: "not_configured", code: null }],
    ["gave up after retries", "sms", { reason: "gave_up", code: null }],
    ["Message undeliverable", "whatsapp", { reason: "unknown", code: null }],
  ] as const)("%j (%s) → %j", (error, channel, want) => {
    expect(describeFailure(error, channel)).toEqual(want);
  });

  it("no error, no failure", () => {
    expect(describeFailure(null, "sms")).toBeNull();
  });
});

describe("the console's words", () => {
  const tAr = createI18n("ar", ar).t;
  const tEn = createI18n("en", en).t;
  it("every reason has its own Arabic and English text", () => {
    for (const reason of FAILURE_REASONS) {
      const key = `messages.failures.${reason}`;
      expect(tAr(key), key).not.toBe(key);
      expect(tEn(key), key).not.toBe(key);
      expect(tAr(key)).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it("an unknown code reads as a generic text with the code as given", () => {
    expect(tAr("messages.failures.unknownCode", { code: "139999" })).toBe("رفض مزوّد الخدمة الرسالة (الرمز 139999).");
    expect(tEn("messages.failures.unknownCode", { code: "139999" })).toBe(
      "The provider refused the message (code 139999).",
    );
  });
});
