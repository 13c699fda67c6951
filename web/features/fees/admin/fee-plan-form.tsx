/**
 * The add/edit dialog of a fee plan (docs/product.md#fee-plans): academic year, grade, and lines (Tuition, Bus,
 * Books, …), each with a total and its instalments (due date, amount). "1 / 2 / 4 equal" fills a line's instalments
 * from its total (remainder piastres on the last, default due dates of the year); every amount and date stays
 * editable, and the running sum shows against the total. The server checks sums and dates and names the field at
 * fault; its reason is shown in the admin's language.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/lazy-toast";
import { GRADES } from "@worker/lib/school-grades";
import { formatEgp, formatNumber } from "~/lib/format";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { academicYearOf, defaultDueDates, splitEqual } from "@worker/lib/fee-schedule";
import { readTypedNumber } from "@worker/lib/typed-number";
import { savePlan, type FeePlan, type FeePlanBody } from "./fee-plans-api";

interface LineState {
  /** Arabic name (printed on Arabic documents) and English name (on English ones; empty: the Arabic one). */
  name: string;
  nameEn: string;
  total: string;
  instalments: Array<{ due_date: string; amount: string }>;
}

/**
 * Suggested line names in both languages, whatever the console's language (only its own dictionary is loaded):
 * each line gets its Arabic and English name (docs/product.md#fee-plans).
 */
const LINE_NAMES = {
  ar: ["الرسوم الدراسية", "الباص", "الكتب", "الأنشطة"],
  en: ["Tuition", "Bus", "Books", "Activities"],
} as const;

const piastresOf = (v: string) => {
  const r = readTypedNumber(v, { decimals: 2, grouping: true });
  return r.ok ? Math.round(r.value * 100) : null;
};

const equalSplit = (year: string, total: string, n: number): LineState["instalments"] => {
  const dates = defaultDueDates(year, n);
  const amounts = splitEqual(piastresOf(total) ?? 0, n);
  return amounts.map((a, i) => ({ due_date: dates[i] ?? "", amount: (a / 100).toFixed(2) }));
};

function fromPlan(
  plan: FeePlan | null,
  year: string,
  tuition: { ar: string; en: string },
): { year: string; grade: string; lines: LineState[] } {
  if (!plan) {
    const first = { name: tuition.ar, nameEn: tuition.en, total: "", instalments: equalSplit(year, "0", 4) };
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

/** The plan dialog; `plan` null adds one. `onSaved` gets the saved plan. */
export function FeePlanForm({
  open,
  plan,
  lang,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  plan: FeePlan | null;
  lang: string;
  onOpenChange: (o: boolean) => void;
  onSaved: (p: FeePlan) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState(() =>
    fromPlan(plan, academicYearOf(new Date()), { ar: LINE_NAMES.ar[0], en: LINE_NAMES.en[0] }),
  );
  const [busy, setBusy] = useState(false);
  const { failureText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  const setLine = (i: number, patch: Partial<LineState>) =>
    setState((s) => ({ ...s, lines: s.lines.map((l, k) => (k === i ? { ...l, ...patch } : l)) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: FeePlanBody = {
      academic_year_name: state.year.trim(),
      grade: state.grade,
      lines: state.lines.map((l) => ({
        name: l.name,
        name_en: l.nameEn,
        ...(l.total.trim() ? { total: l.total } : {}),
        instalments: l.instalments.map((x, k) => ({ no: k + 1, due_date: x.due_date, amount: x.amount })),
      })),
    };
    setBusy(true);
    try {
      onSaved(await savePlan(body, plan?.id));
      toast.success(t("fees.plans.saved"));
      onOpenChange(false);
    } catch (err) {
      if (!onAuthFailure(err)) toast.error(failureText(err, t("fees.plans.saveFailed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-3xl" closeLabel={t("fees.plans.cancel")}>
        <DialogHeader>
          <DialogTitle>{plan ? t("fees.plans.editTitle") : t("fees.plans.addTitle")}</DialogTitle>
          <DialogDescription>{t("fees.plans.formHint")}</DialogDescription>
        </DialogHeader>
        <form id="fee-plan-form" onSubmit={(e) => void submit(e)} className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="plan-year">{t("fees.plans.year")}</Label>
              <Input
                id="plan-year"
                dir="ltr"
                value={state.year}
                onChange={(e) => setState((s) => ({ ...s, year: e.target.value }))}
                placeholder="2026-2027"
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="plan-grade">{t("fees.plans.grade")}</Label>
              <select
                id="plan-grade"
                required
                value={state.grade}
                onChange={(e) => setState((s) => ({ ...s, grade: e.target.value }))}
                className="h-9 rounded-md border bg-background px-2 text-sm"
              >
                <option value="">{t("fees.form.selectGrade")}</option>
                {GRADES.map((g) => (
                  <option key={g} value={g}>
                    {t(`admin.grades.${g}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {state.lines.map((line, li) => {
            const sum = line.instalments.reduce((s, x) => s + (piastresOf(x.amount) ?? 0), 0);
            const total = piastresOf(line.total);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are positions; the form addresses them by index
              <fieldset key={li} className="grid gap-3 rounded-lg border p-3" data-line={li}>
                <legend className="px-1 text-sm font-semibold">{t("fees.plans.line", { n: li + 1 })}</legend>
                <div className="grid gap-3 sm:grid-cols-[1fr_1fr_9rem] sm:items-end">
                  <div className="grid gap-1.5">
                    <Label htmlFor={`line-${li}-name`}>{t("fees.plans.lineName")}</Label>
                    <Input
                      id={`line-${li}-name`}
                      dir="rtl"
                      lang="ar"
                      value={line.name}
                      onChange={(e) => setLine(li, { name: e.target.value })}
                      list="plan-line-names-ar"
                    />
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={`line-${li}-name-en`}>{t("fees.plans.lineNameEn")}</Label>
                    <Input
                      id={`line-${li}-name-en`}
                      dir="ltr"
                      lang="en"
                      value={line.nameEn}
                      onChange={(e) => setLine(li, { nameEn: e.target.value })}
                      list="plan-line-names-en"
                    />
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={`line-${li}-total`}>{t("fees.plans.lineTotal")}</Label>
                    <Input
                      id={`line-${li}-total`}
                      inputMode="decimal"
                      dir="ltr"
                      value={line.total}
                      onChange={(e) => setLine(li, { total: e.target.value })}
                    />
                  </div>
                  <div className="flex flex-wrap gap-1" role="group" aria-label={t("fees.plans.split")}>
                    {[1, 2, 4].map((n) => (
                      <Button
                        key={n}
                        type="button"
                        size="sm"
                        variant="outline"
                        onClick={() => setLine(li, { instalments: equalSplit(state.year, line.total, n) })}
                      >
                        {t("fees.plans.equal", { count: n, formatted: formatNumber(n, lang) })}
                      </Button>
                    ))}
                  </div>
                </div>
                <ol className="grid gap-2">
                  {line.instalments.map((x, k) => (
                    <li
                      // biome-ignore lint/suspicious/noArrayIndexKey: instalments are positions within their line; the form addresses them by index
                      key={k}
                      className="grid grid-cols-[1.25rem_minmax(0,1fr)_auto] items-center gap-2 sm:grid-cols-[1.25rem_minmax(9.5rem,1.3fr)_minmax(5rem,1fr)_auto]"
                    >
                      <span className="text-sm text-muted-foreground tabular-nums">{formatNumber(k + 1, lang)}</span>
                      <Input
                        aria-label={t("fees.plans.dueDate", { n: k + 1 })}
                        type="date"
                        value={x.due_date}
                        onChange={(e) =>
                          setLine(li, {
                            instalments: line.instalments.map((y, j) =>
                              j === k ? { ...y, due_date: e.target.value } : y,
                            ),
                          })
                        }
                      />
                      {/* Phones: the amount goes under the date; from sm up it sits beside it. */}
                      <Input
                        className="order-last col-span-2 col-start-2 sm:order-none sm:col-span-1 sm:col-start-auto"
                        aria-label={t("fees.plans.amount", { n: k + 1 })}
                        inputMode="decimal"
                        dir="ltr"
                        value={x.amount}
                        onChange={(e) =>
                          setLine(li, {
                            instalments: line.instalments.map((y, j) =>
                              j === k ? { ...y, amount: e.target.value } : y,
                            ),
                          })
                        }
                      />
                      <Button
                        className="sm:order-last"
                        type="button"
                        size="icon"
                        variant="ghost"
                        aria-label={t("fees.plans.removeInstalment", { n: k + 1 })}
                        disabled={line.instalments.length === 1}
                        onClick={() => setLine(li, { instalments: line.instalments.filter((_, j) => j !== k) })}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                </ol>
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      setLine(li, {
                        instalments: [
                          ...line.instalments,
                          { due_date: line.instalments.at(-1)?.due_date ?? "", amount: "0" },
                        ],
                      })
                    }
                  >
                    <Plus aria-hidden="true" />
                    {t("fees.plans.addInstalment")}
                  </Button>
                  <span
                    className={
                      total !== null && total !== sum ? "font-semibold text-destructive" : "text-muted-foreground"
                    }
                    aria-live="polite"
                  >
                    {t("fees.plans.sum", { sum: formatEgp(sum / 100, lang) })}
                  </span>
                  {state.lines.length > 1 && (
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      className="text-destructive"
                      onClick={() => setState((s) => ({ ...s, lines: s.lines.filter((_, j) => j !== li) }))}
                    >
                      {t("fees.plans.removeLine")}
                    </Button>
                  )}
                </div>
              </fieldset>
            );
          })}
          {(["ar", "en"] as const).map((lng) => (
            <datalist key={lng} id={`plan-line-names-${lng}`}>
              {LINE_NAMES[lng].map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          ))}
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              setState((s) => ({
                ...s,
                lines: [...s.lines, { name: "", nameEn: "", total: "", instalments: equalSplit(s.year, "0", 1) }],
              }))
            }
          >
            <Plus aria-hidden="true" />
            {t("fees.plans.addLine")}
          </Button>
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t("fees.plans.cancel")}
          </Button>
          <Button type="submit" form="fee-plan-form" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t("fees.form.submitting") : t("fees.plans.save")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
