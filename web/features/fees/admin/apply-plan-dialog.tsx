/**
 * Applying a fee plan (docs/product.md#fee-plans): the dialog asks the server for a dry run first and shows what will
 * change (summary and one row per active student of the grade: create, update, unchanged, error, total before and
 * after, paid kept), then applies it in one write. Rows in error block the apply; their reasons are shown.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import { toast } from "~/components/ui/lazy-toast";
import { formatEgp, formatNumber } from "~/lib/format";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { isReason } from "@worker/reasons";
import { applyPlan, type ApplyResult, type FeePlan } from "./fee-plans-api";

const ACTION_VARIANT = { create: "success", update: "warning", unchanged: "secondary", error: "destructive" } as const;

/** Preview-then-apply of `plan`; open while `plan` is set. `onApplied` runs after a successful apply. */
export function ApplyPlanDialog({
  plan,
  lang,
  onOpenChange,
  onApplied,
}: {
  plan: FeePlan | null;
  lang: string;
  onOpenChange: (o: boolean) => void;
  onApplied: () => void;
}) {
  const { t } = useTranslation();
  const { failureText, reasonText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  const [preview, setPreview] = useState<ApplyResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!plan) return;
    let live = true;
    setPreview(null);
    setFailed(null);
    applyPlan(plan.id, true).then(
      (r) => live && setPreview(r),
      (err) => live && !onAuthFailure(err) && setFailed(failureText(err, t("fees.plans.previewFailed"))),
    );
    return () => {
      live = false;
    };
  }, [plan, onAuthFailure, failureText, t]);

  const apply = async () => {
    if (!plan) return;
    setBusy(true);
    try {
      const r = await applyPlan(plan.id, false);
      toast.success(
        t("fees.plans.applied", {
          create: formatNumber(r.summary.create, lang),
          update: formatNumber(r.summary.update, lang),
        }),
      );
      onApplied();
      onOpenChange(false);
    } catch (err) {
      if (!onAuthFailure(err)) toast.error(failureText(err, t("fees.plans.applyFailed")));
    } finally {
      setBusy(false);
    }
  };

  const s = preview?.summary;
  const changes = s ? s.create + s.update : 0;
  return (
    <Dialog open={!!plan} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-3xl" closeLabel={t("fees.plans.cancel")}>
        <DialogHeader>
          <DialogTitle>{t("fees.plans.applyTitle")}</DialogTitle>
          <DialogDescription>
            {plan &&
              t("fees.plans.applyHint", {
                grade: t(`admin.grades.${plan.grade}`),
                year: plan.academic_year_name,
                total: formatEgp(plan.total, lang),
              })}
          </DialogDescription>
        </DialogHeader>
        {failed && (
          <p className="rounded-lg border border-destructive/40 px-4 py-3 text-sm text-destructive">{failed}</p>
        )}
        {!preview && !failed && <Skeleton className="h-24 w-full" />}
        {s && (
          <ul className="flex flex-wrap gap-2 text-sm" aria-label={t("fees.plans.summary")} data-testid="apply-summary">
            {(["create", "update", "unchanged", "error"] as const).map((a) => (
              <li key={a}>
                <Badge variant={ACTION_VARIANT[a]}>
                  {t(`fees.plans.actions.${a}`)}: {formatNumber(a === "error" ? s.errors : s[a], lang)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        {preview && preview.rows.length > 0 && (
          <div className="max-h-80 overflow-auto rounded-lg border">
            <table className="w-full text-sm">
              <caption className="sr-only">{t("fees.plans.summary")}</caption>
              <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t("fees.columns.student")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t("fees.plans.action")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end">
                    {t("fees.plans.before")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end">
                    {t("fees.plans.after")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end">
                    {t("fees.columns.paid")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((r) => (
                  <tr key={r.key} className="border-t" data-action={r.action}>
                    <th scope="row" className="px-3 py-2 text-start font-medium">
                      <span dir="auto">{r.full_name}</span>
                      <span dir="ltr" className="block font-mono text-xs font-normal text-muted-foreground">
                        {r.key}
                      </span>
                      {r.errors.map((e) => (
                        <span key={e.code} className="block text-xs font-normal text-destructive">
                          {isReason(e.code) ? reasonText(e.code) : e.message}
                        </span>
                      ))}
                      {r.note && (
                        <span className="block text-xs font-normal text-muted-foreground">
                          {t("fees.plans.customSchedule")}
                        </span>
                      )}
                    </th>
                    <td className="px-3 py-2">
                      <Badge variant={ACTION_VARIANT[r.action]}>{t(`fees.plans.actions.${r.action}`)}</Badge>
                    </td>
                    <td className="px-3 py-2 text-end tabular-nums whitespace-nowrap">
                      {r.total_before === null ? "—" : formatEgp(r.total_before, lang)}
                    </td>
                    <td className="px-3 py-2 text-end tabular-nums whitespace-nowrap">
                      {formatEgp(r.total_after, lang)}
                    </td>
                    <td className="px-3 py-2 text-end tabular-nums whitespace-nowrap">{formatEgp(r.paid, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {preview && preview.rows.length === 0 && (
          <p className="text-sm text-muted-foreground">{t("fees.plans.noStudents")}</p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("fees.plans.cancel")}
          </Button>
          <Button
            onClick={() => void apply()}
            disabled={!s || busy || s.errors > 0 || changes === 0}
            aria-busy={busy || undefined}
            data-testid="apply-confirm"
          >
            {t("fees.plans.applyConfirm", { count: changes, formatted: formatNumber(changes, lang) })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
