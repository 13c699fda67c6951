/**
 * The state of the fee-plan dialog (docs/product.md#fee-plans): year, grade and lines as typed, the save, and the
 * fields a refusal names. The server checks sums, order and dates; each issue of its 400 (`issues`,
 * docs/product.md#api-errors) marks its field with the reason in the admin's language, dates and amounts in the
 * page's digits (web/lib/reason-text.ts).
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { ApiFailure } from "~/lib/api";
import { useReasonText } from "~/lib/reason-text";
import { isReason, type Reason, type ReasonParams } from "@worker/reasons";
import { academicYearOf, defaultDueDates, splitEqual } from "@worker/lib/fee-schedule";
import { readTypedNumber } from "@worker/lib/typed-number";
import { useAcademicYears } from "~/features/academic-years/admin/years-api";
import { savePlan, type FeePlan, type FeePlanBody } from "./fee-plans-api";

export interface LineState {
  /** Arabic name (printed on Arabic documents) and English name (on English ones; empty: the Arabic one). */
  name: string;
  nameEn: string;
  total: string;
  instalments: Array<{ due_date: string; amount: string }>;
}

export interface PlanState {
  year: string;
  grade: string;
  lines: LineState[];
}

/** The message of each refused field, by the API's issue path ("lines.0.instalments.2.due_date", "grade", …). */
export type PlanErrors = Readonly<Record<string, string>>;

/**
 * Suggested line names in both languages, whatever the console's language (only its own dictionary is loaded):
 * each line gets its Arabic and English name (docs/product.md#fee-plans).
 */
export const LINE_NAMES = {
  ar: ["الرسوم الدراسية", "الباص", "الكتب", "الأنشطة"],
  en: ["Tuition", "Bus", "Books", "Activities"],
} as const;

/** Piastres of an amount as typed (Arabic-Indic digits and grouping accepted), null when unreadable. */
export const piastresOf = (v: string) => {
  const r = readTypedNumber(v, { decimals: 2, grouping: true });
  return r.ok ? Math.round(r.value * 100) : null;
};

/** `n` instalments of `total`, equal to the piastre (remainder on the last), on the year's default due dates. */
export const equalSplit = (year: string, total: string, n: number): LineState["instalments"] => {
  const dates = defaultDueDates(year, n);
  const amounts = splitEqual(piastresOf(total) ?? 0, n);
  return amounts.map((a, i) => ({ due_date: dates[i] ?? "", amount: (a / 100).toFixed(2) }));
};

function fromPlan(plan: FeePlan | null, year: string): PlanState {
  if (!plan) {
    const first = {
      name: LINE_NAMES.ar[0],
      nameEn: LINE_NAMES.en[0],
      total: "",
      instalments: equalSplit(year, "0", 4),
    };
    return { year, grade: "", lines: [first] };
  }
  return {
    year: plan.academic_year_name,
    grade: plan.grade,
    lines: plan.lines.map((l) => ({
      name: l.name,
      nameEn: l.name_en ?? "",
      total: l.total.toFixed(2),
      instalments: l.instalments.map((i) => ({ due_date: i.due_date, amount: i.amount.toFixed(2) })),
    })),
  };
}

function bodyOf(state: PlanState): FeePlanBody {
  return {
    academic_year_name: state.year.trim(),
    grade: state.grade,
    lines: state.lines.map((l) => ({
      name: l.name,
      name_en: l.nameEn,
      ...(l.total.trim() ? { total: l.total } : {}),
      instalments: l.instalments.map((x, k) => ({ no: k + 1, due_date: x.due_date, amount: x.amount })),
    })),
  };
}

/**
 * The fields a refusal names, by path: every issue of a 400; an instalment out of order marks its due date (its
 * number is its position); a plan that exists already marks the grade.
 */
export function refusedFields(
  err: unknown,
  text: (reason: Reason, params?: ReasonParams) => string,
): Record<string, string> {
  if (!(err instanceof ApiFailure)) return {};
  if (err.reason === "PLAN_EXISTS") return { grade: text("PLAN_EXISTS") };
  const issues = err.body?.issues;
  const out: Record<string, string> = {};
  if (!Array.isArray(issues)) return out;
  for (const issue of issues as Array<{ path?: unknown; reason?: unknown; params?: ReasonParams }>) {
    if (typeof issue?.path !== "string" || !isReason(issue.reason)) continue;
    const path = issue.path.replace(/^(lines\.\d+\.instalments\.\d+)\.no$/, "$1.due_date");
    out[path] ??= text(issue.reason, issue.params);
  }
  return out;
}

/** State, edits and save of the plan dialog; `plan` null adds one. */
export function useFeePlanForm(plan: FeePlan | null, onSaved: (p: FeePlan) => void, close: () => void) {
  const { t } = useTranslation();
  // A new plan is for the current year of the data; the clock's year only until the list of years is known (then,
  // while nothing was typed, the form starts again on the data's year).
  const { current } = useAcademicYears();
  const [state, setState] = useState(() => fromPlan(plan, current ?? academicYearOf(new Date())));
  const edited = useRef(false);
  useEffect(() => {
    if (!plan && current && !edited.current) setState((s) => (s.year === current ? s : fromPlan(null, current)));
  }, [plan, current]);
  const [errors, setErrors] = useState<PlanErrors>({});
  const [busy, setBusy] = useState(false);
  // Counts refusals: after each, once React has drawn its marks, the first field at fault takes the focus.
  const [refusals, setRefusals] = useState(0);
  const { failureText, reasonText } = useReasonText();
  useEffect(() => {
    if (refusals) document.querySelector<HTMLElement>("#fee-plan-form [aria-invalid=true]")?.focus();
  }, [refusals]);
  const onAuthFailure = useHandleAuthFailure();

  /** Clears the marks under `prefix` (a line's marks clear together: its sum depends on all of them). */
  const clear = (prefix: string) =>
    setErrors((e) =>
      Object.keys(e).some((k) => k.startsWith(prefix))
        ? Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(prefix)))
        : e,
    );
  const setLine = (i: number, patch: Partial<LineState>) => {
    edited.current = true;
    clear(`lines.${i}`);
    setState((s) => ({ ...s, lines: s.lines.map((l, k) => (k === i ? { ...l, ...patch } : l)) }));
  };
  const setYear = (year: string) => {
    edited.current = true;
    setErrors({});
    setState((s) => ({ ...s, year }));
  };
  const setGrade = (grade: string) => {
    edited.current = true;
    clear("grade");
    setState((s) => ({ ...s, grade }));
  };
  const addLine = () =>
    setState((s) => ({
      ...s,
      lines: [...s.lines, { name: "", nameEn: "", total: "", instalments: equalSplit(s.year, "0", 1) }],
    }));
  const removeLine = (li: number) => {
    setErrors({});
    setState((s) => ({ ...s, lines: s.lines.filter((_, j) => j !== li) }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      onSaved(await savePlan(bodyOf(state), plan?.id));
      toast.success(t("fees.plans.saved"));
      close();
    } catch (err) {
      if (onAuthFailure(err)) return;
      setErrors(refusedFields(err, reasonText));
      setRefusals((n) => n + 1);
      toast.error(failureText(err, t("fees.plans.saveFailed")));
    } finally {
      setBusy(false);
    }
  };

  return { state, errors, busy, setLine, setYear, setGrade, addLine, removeLine, submit };
}
