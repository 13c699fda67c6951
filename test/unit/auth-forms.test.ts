/**
 * The sign-in and password-change forms (docs/product.md#admin-sign-in) run the API's own schemas: each refusal is a
 * reason, checked in the documented order, and the console says it in the admin's language (the English is the API's).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loginSchema, updatePasswordSchema } from "../../worker/contracts/auth";
import { englishOf, parseReason } from "../../worker/reasons";
import { createI18n } from "../../web/i18n";
import ar from "../../web/i18n/ar";
import en from "../../web/i18n/en";
import { messageText } from "../../web/lib/reason-text";

const tAr = createI18n("ar", ar).t;
const tEn = createI18n("en", en).t;

/** The first refusal of `schema` for `input`, as reason, Arabic and English; null when accepted. */
function firstRefusal(schema: typeof loginSchema | typeof updatePasswordSchema, input: unknown) {
  const parsed = schema.safeParse(input);
  if (parsed.success) return null;
  const message = parsed.error.issues[0]!.message;
  return {
    reason: parseReason(message)?.reason,
    ar: messageText(tAr, "ar", message),
    en: messageText(tEn, "en", message),
  };
}

describe("sign-in form", () => {
  it("names the missing field in both languages", () => {
    expect(firstRefusal(loginSchema, { username: "  ", password: "x" })).toEqual({
      reason: "REQUIRED",
      ar: "اسم المستخدم مطلوب",
      en: "Username is required",
    });
    expect(firstRefusal(loginSchema, { username: "admin", password: "" })).toEqual({
      reason: "PASSWORD_REQUIRED",
      ar: "كلمة المرور مطلوبة",
      en: "Password is required",
    });
    expect(firstRefusal(loginSchema, { username: "a".repeat(101), password: "x" })?.ar).toBe(
      "يجب ألا يزيد طول اسم المستخدم على ١٠٠ حرف",
    );
  });
});

describe("password-change form", () => {
  const cases = [
    [
      { oldPassword: "", newPassword: "abcdefghijkl", confirmPassword: "abcdefghijkl" },
      "PASSWORD_FIELDS_REQUIRED",
      "جميع الحقول مطلوبة",
    ],
    [
      { oldPassword: "x", newPassword: "abcdefghijkl", confirmPassword: "abcdefghijkm" },
      "PASSWORD_MISMATCH",
      "كلمة المرور الجديدة وتأكيدها غير متطابقين",
    ],
    [
      { oldPassword: "x", newPassword: "abc", confirmPassword: "abc" },
      "PASSWORD_TOO_SHORT",
      "يجب ألا تقل كلمة المرور الجديدة عن ١٢ حرفًا",
    ],
    [
      { oldPassword: "abcdefghijkl", newPassword: "abcdefghijkl", confirmPassword: "abcdefghijkl" },
      "PASSWORD_SAME_AS_OLD",
      "يجب أن تختلف كلمة المرور الجديدة عن كلمة المرور الحالية",
    ],
  ] as const;
  it.each(cases)("%j → %s", (input, reason, arabic) => {
    const refusal = firstRefusal(updatePasswordSchema, input);
    expect(refusal).toEqual({
      reason,
      ar: arabic,
      en: englishOf(reason, reason === "PASSWORD_TOO_SHORT" ? { min: 12 } : {}),
    });
  });

  it("refuses any input with exactly the first failing check of the documented order, or accepts it", () => {
    const pw = fc.oneof(fc.constantFrom("", "abc", "abcdefghijkl", "secret-1"), fc.string({ maxLength: 10 }));
    fc.assert(
      fc.property(pw, pw, pw, (oldPassword, newPassword, confirmPassword) => {
        const expected =
          !oldPassword || !newPassword || !confirmPassword
            ? "PASSWORD_FIELDS_REQUIRED"
            : newPassword !== confirmPassword
              ? "PASSWORD_MISMATCH"
              : newPassword.length < 12
                ? "PASSWORD_TOO_SHORT"
                : newPassword === oldPassword
                  ? "PASSWORD_SAME_AS_OLD"
                  : null;
        expect(firstRefusal(updatePasswordSchema, { oldPassword, newPassword, confirmPassword })?.reason ?? null).toBe(
          expected,
        );
      }),
    );
  });
});
