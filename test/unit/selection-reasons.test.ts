/**
 * Course and teacher selection failures by reason (docs/product.md#course-selection, #teacher-selection): the public
 * page decides its modals and toasts from the server's reason, never from its English; the admin forms phrase the
 * shared schemas' reasons in Arabic.
 */
import { describe, expect, it } from "vitest";
import { periodCreateSchema, subjectCreateSchema, teacherCreateSchema } from "../../worker/contracts/selection-admin";
import { errorBody } from "../../worker/errors";
import type { Reason, ReasonParams } from "../../worker/reasons";
import { createI18n } from "../../web/i18n";
import ar from "../../web/i18n/ar";
import { ApiFailure } from "../../web/lib/api";
import { messageText, reasonText } from "../../web/lib/reason-text";
import { classifyLookupFailure, classifySaveFailure } from "../../web/features/selection/public/outcome";

const tAr = createI18n("ar", ar).t;

/** The failure `call()` throws for an error answer of `reason` (its English replaced, to show it is not read). */
function failure(status: number, reason: Reason, params?: ReasonParams, extra: Record<string, unknown> = {}) {
  const body = { ...errorBody(reason, params, extra), message: "reworded", error: "reworded" };
  return new ApiFailure("reworded", status, body.code, body);
}

describe("the teacher-selection page reads reasons", () => {
  it("lookups: closed period, not eligible, rate limit, server error, anything else", () => {
    expect(classifyLookupFailure(failure(403, "NO_ACTIVE_PERIOD"))).toEqual({ kind: "modal", modal: "closed" });
    expect(classifyLookupFailure(failure(403, "PERIOD_NOT_OPEN"))).toEqual({ kind: "modal", modal: "closed" });
    expect(classifyLookupFailure(failure(403, "SELECTION_NOT_ELIGIBLE"))).toEqual({
      kind: "modal",
      modal: "notEligible",
    });
    expect(classifyLookupFailure(failure(429, "RATE_LIMITED"))).toEqual({ kind: "rateLimited" });
    expect(classifyLookupFailure(failure(503, "SERVICE_UNAVAILABLE"))).toEqual({ kind: "serverError" });
    expect(classifyLookupFailure(new ApiFailure("offline", 0))).toEqual({ kind: "serverError" });
    expect(classifyLookupFailure(failure(400, "SELECTION_STUDENT_ID_INVALID"))).toEqual({
      kind: "modal",
      modal: "invalidId",
    });
    // An English text alone decides nothing.
    expect(
      classifyLookupFailure(new ApiFailure("Selection period is not currently active.", 403, "FORBIDDEN", {})),
    ).toEqual({ kind: "modal", modal: "invalidId" });
  });

  it("saves: no seats names the subject; closed and not eligible are modals; known refusals have the page's words", () => {
    expect(
      classifySaveFailure(
        failure(409, "NO_SEATS", { teacher: "T", subject: "Math" }, { subject_id: 1, subject_name: "Math" }),
      ),
    ).toEqual({ kind: "noSeats", subject: "Math" });
    expect(
      classifySaveFailure(failure(409, "NO_SEATS_ANY", undefined, { subject_id: null, subject_name: null })),
    ).toEqual({ kind: "noSeats", subject: null });
    expect(classifySaveFailure(failure(403, "PERIOD_NOT_OPEN"))).toEqual({ kind: "modal", modal: "closed" });
    expect(classifySaveFailure(failure(403, "SELECTION_NOT_ELIGIBLE"))).toEqual({
      kind: "modal",
      modal: "notEligible",
    });
    const keys: Array<[Reason, number, string]> = [
      ["SELECTION_INCOMPLETE", 400, "incomplete"],
      ["SELECTION_TEACHER_MISMATCH", 400, "mismatch"],
      ["UPDATE_USED", 403, "updateUsed"],
      ["UPDATE_DEADLINE_PASSED", 403, "deadline"],
      ["CHANGES_NOT_ALLOWED", 403, "noChanges"],
      ["SELECTION_STATE_CHANGED", 403, "stateChanged"],
      ["SELECTION_SAVED_MEANWHILE", 409, "stateChanged"],
      ["RATE_LIMITED", 429, "rateLimited"],
    ];
    for (const [reason, status, key] of keys) {
      expect(classifySaveFailure(failure(status, reason, { required: 5 })), reason).toMatchObject({
        kind: "toast",
        key,
        reload: status === 403 || status === 409,
      });
    }
    // "Changes are not allowed in this selection period." names the period but does not close the page.
    expect(classifySaveFailure(failure(403, "CHANGES_NOT_ALLOWED")).kind).toBe("toast");
    expect(classifySaveFailure(failure(500, "INTERNAL"))).toMatchObject({ kind: "toast", key: "saveFailed" });
    expect(classifySaveFailure(new ApiFailure("offline", 0))).toMatchObject({ kind: "toast", key: "saveFailed" });
  });
});

describe("the course-selection forms speak Arabic", () => {
  const first = (
    r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } },
    path: string,
  ) => messageText(tAr, "ar", r.error?.issues.find((i) => i.path.join(".") === path)?.message);

  it("phrases the shared schemas' reasons with the field's name and Arabic-Indic digits", () => {
    expect(first(subjectCreateSchema.safeParse({}), "name")).toBe("الاسم مطلوب");
    expect(first(subjectCreateSchema.safeParse({ name: "x".repeat(101) }), "name")).toBe(
      "يجب ألا يزيد طول الاسم على ١٠٠ حرف",
    );
    expect(first(subjectCreateSchema.safeParse({ name: "n", max_selections: "11" }), "max_selections")).toBe(
      "الحد الأقصى للاختيارات: أدخل عددًا صحيحًا من ١ إلى ١٠",
    );
    expect(first(teacherCreateSchema.safeParse({ full_name: "n" }), "subject_name")).toBe("المادة مطلوبة");
    expect(
      first(teacherCreateSchema.safeParse({ full_name: "n", subject_name: "s", building_no: "7" }), "building_no"),
    ).toBe("يجب أن يكون المبنى ٥ أو ٦");
    expect(first(teacherCreateSchema.safeParse({ full_name: "x".repeat(151), subject_name: "s" }), "full_name")).toBe(
      "يجب ألا يزيد طول الاسم الكامل على ١٥٠ حرفًا",
    );
    const period = { period_name: "p", start_date: "2031-09-02T00:00:00Z", end_date: "2031-09-01T00:00:00Z" };
    expect(first(periodCreateSchema.safeParse(period), "end_date")).toBe("يجب أن يكون تاريخ النهاية بعد تاريخ البداية");
    expect(first(periodCreateSchema.safeParse({ ...period, start_date: undefined }), "start_date")).toBe(
      "تاريخ البداية مطلوب",
    );
  });

  it("phrases the server's refusals with their params", () => {
    expect(reasonText(tAr, "ar", "TEACHER_CAPACITY_BELOW_TAKEN", { taken: 12, session: 1 })).toBe(
      "لا يمكن أن تقل السعة عن المقاعد المحجوزة (١٢ في المجموعة ١)",
    );
    expect(reasonText(tAr, "ar", "SUBJECT_DUPLICATE")).toBe("توجد مادة بهذا الاسم بالفعل");
    expect(reasonText(tAr, "ar", "PERIOD_IS_ACTIVE")).toBe("أوقف الفترة قبل حذفها");
  });
});
