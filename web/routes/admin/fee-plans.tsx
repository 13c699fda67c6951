/**
 * /admin/dashboard/fees/plans — Fee plans (docs/product.md#fee-plans): one card per plan (academic year, grade,
 * lines with their instalments and due dates, total, how many records carry it) with Edit, Delete and Apply (a
 * preview of every change first), Add Plan, and the school's results fee rule (which fees block the public results
 * lookup). Data is fetched in the browser with the admin's token. Add, Edit and Delete need `fee_plans.manage`, Apply
 * `fee_plans.apply` (docs/product.md#staff-and-roles); a role without them reads the plans.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CalendarClock, Pencil, Play, Plus, RefreshCw, Trash2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Skeleton } from "~/components/ui/skeleton";
import { toast } from "~/components/ui/lazy-toast";
import { formatEgp, formatNumber, formatSchoolDay } from "~/lib/format";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { cn } from "~/lib/utils";
import { pageTitle } from "~/i18n";
import { useCanFn } from "~/lib/use-me";
import { ApplyPlanDialog } from "~/features/fees/admin/apply-plan-dialog";
import { FeePlanForm } from "~/features/fees/admin/fee-plan-form";
import { deletePlan, listPlans, type FeePlan } from "~/features/fees/admin/fee-plans-api";
import { ResultsRuleCard } from "~/features/fees/admin/results-rule-card";
import type { Route } from "./+types/fee-plans";

/** `<title>`: "Fee Plans | school" in the console language. */
export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "fees.plans.title", { noindex: true });
}

/** The Fee plans page. */
export default function FeePlansPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const onAuthFailure = useHandleAuthFailure();
  const { failureText } = useReasonText();
  const [plans, setPlans] = useState<FeePlan[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<{ plan: FeePlan | null; key: number } | null>(null);
  const [applying, setApplying] = useState<FeePlan | null>(null);
  const [deleting, setDeleting] = useState<FeePlan | null>(null);
  const can = useCanFn();
  const canManage = can("fee_plans.manage");
  const canApply = can("fee_plans.apply");

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setPlans(await listPlans());
    } catch (err) {
      if (!onAuthFailure(err)) {
        toast.error(failureText(err, t("fees.plans.loadFailed")));
        setPlans((p) => p ?? []);
      }
    } finally {
      setLoading(false);
    }
  }, [onAuthFailure, failureText, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async () => {
    if (!deleting) return;
    try {
      await deletePlan(deleting.id);
      toast.success(t("fees.plans.deleted"));
      setDeleting(null);
      void load();
    } catch (err) {
      if (!onAuthFailure(err)) toast.error(failureText(err, t("fees.plans.deleteFailed")));
    }
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">{t("fees.plans.title")}</h1>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t("fees.plans.subtitle")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void load()} disabled={loading}>
            <RefreshCw aria-hidden="true" className={cn(loading && "animate-spin")} />
            {t("fees.refresh")}
          </Button>
          {canManage && (
            <Button onClick={() => setEditing({ plan: null, key: Date.now() })}>
              <Plus aria-hidden="true" />
              {t("fees.plans.add")}
            </Button>
          )}
        </div>
      </div>

      <ResultsRuleCard />

      {plans === null ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-48 w-full" />
          ))}
        </div>
      ) : plans.length === 0 ? (
        <Card className="items-center gap-2 py-10 text-center">
          <CalendarClock className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">{t("fees.plans.empty")}</p>
          <p className="text-sm text-muted-foreground">{t("fees.plans.emptyHint")}</p>
        </Card>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label={t("fees.plans.title")}>
          {plans.map((p) => (
            <li key={p.id}>
              <Card className="gap-3 px-5 py-4" data-plan={`${p.academic_year_name} ${p.grade}`}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <h2 className="text-lg font-semibold">{t(`admin.grades.${p.grade}`)}</h2>
                    <p className="text-sm text-muted-foreground" dir="ltr">
                      {p.academic_year_name}
                    </p>
                  </div>
                  <div className="text-end">
                    <p className="text-lg font-bold tabular-nums">{formatEgp(p.total, lang)}</p>
                    <p className="text-xs text-muted-foreground">
                      {t("fees.plans.appliedCount", {
                        count: p.applied_count,
                        formatted: formatNumber(p.applied_count, lang),
                      })}
                    </p>
                  </div>
                </div>
                {p.lines.map((l) => (
                  <div key={l.name} className="rounded-lg border">
                    <div className="flex items-center justify-between gap-2 border-b bg-muted/40 px-3 py-1.5 text-sm font-medium">
                      <span dir="auto">{l.name}</span>
                      <span className="tabular-nums">{formatEgp(l.total, lang)}</span>
                    </div>
                    <ol className="divide-y text-sm">
                      {l.instalments.map((i) => (
                        <li key={i.no} className="flex items-center justify-between gap-2 px-3 py-1.5">
                          <span className="flex items-center gap-2">
                            <Badge variant="outline" className="tabular-nums">
                              {formatNumber(i.no, lang)}
                            </Badge>
                            {formatSchoolDay(i.due_date, lang)}
                          </span>
                          <span className="tabular-nums">{formatEgp(i.amount, lang)}</span>
                        </li>
                      ))}
                    </ol>
                  </div>
                ))}
                {(canManage || canApply) && (
                  <div className="flex flex-wrap justify-end gap-2">
                    {canManage && (
                      <>
                        <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setDeleting(p)}>
                          <Trash2 aria-hidden="true" />
                          {t("fees.plans.delete")}
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => setEditing({ plan: p, key: Date.now() })}>
                          <Pencil aria-hidden="true" />
                          {t("fees.plans.edit")}
                        </Button>
                      </>
                    )}
                    {canApply && (
                      <Button size="sm" onClick={() => setApplying(p)}>
                        <Play aria-hidden="true" />
                        {t("fees.plans.apply")}
                      </Button>
                    )}
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <FeePlanForm
          key={editing.key}
          open
          plan={editing.plan}
          lang={lang}
          onOpenChange={(o) => !o && setEditing(null)}
          onSaved={() => void load()}
        />
      )}
      <ApplyPlanDialog
        plan={applying}
        lang={lang}
        onOpenChange={(o) => !o && setApplying(null)}
        onApplied={() => void load()}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("fees.plans.deleteTitle")}
        description={
          deleting
            ? t("fees.plans.deleteBody", {
                grade: t(`admin.grades.${deleting.grade}`),
                year: deleting.academic_year_name,
              })
            : ""
        }
        confirmLabel={t("fees.plans.delete")}
        cancelLabel={t("fees.plans.cancel")}
        destructive
        onConfirm={() => void remove()}
      />
    </div>
  );
}
