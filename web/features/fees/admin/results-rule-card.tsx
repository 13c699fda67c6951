/**
 * The school setting `results_fee_rule` (docs/product.md#fee-plans): which unpaid fees block the public results
 * lookup — any unpaid amount (fully_paid, the default) or only an instalment due on or before today (no_overdue).
 * Changing it needs `settings.manage` (docs/product.md#staff-and-roles); any other role reads the choice.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { toast } from "~/components/ui/lazy-toast";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { useCan } from "~/lib/use-me";
import { RESULTS_FEE_RULES, type ResultsFeeRule } from "@worker/contracts/fee-plans";
import { getSettings, putSettings } from "./fee-plans-api";

/** The results fee rule as two radio choices and Save. */
export function ResultsRuleCard() {
  const { t } = useTranslation();
  const onAuthFailure = useHandleAuthFailure();
  const { failureText } = useReasonText();
  const [saved, setSaved] = useState<ResultsFeeRule | null>(null);
  const [choice, setChoice] = useState<ResultsFeeRule | null>(null);
  const [busy, setBusy] = useState(false);
  const canManage = useCan("settings.manage");

  useEffect(() => {
    let live = true;
    getSettings().then(
      (s) => {
        if (!live) return;
        setSaved(s.results_fee_rule);
        setChoice(s.results_fee_rule);
      },
      (err) => live && onAuthFailure(err),
    );
    return () => {
      live = false;
    };
  }, [onAuthFailure]);

  const save = async () => {
    if (!choice) return;
    setBusy(true);
    try {
      const s = await putSettings({ results_fee_rule: choice });
      setSaved(s.results_fee_rule);
      toast.success(t("fees.rule.saved"));
    } catch (err) {
      if (!onAuthFailure(err)) toast.error(failureText(err, t("fees.rule.failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="gap-3 px-5 py-4" aria-labelledby="results-rule-title">
      <h2 id="results-rule-title" className="font-semibold">
        {t("fees.rule.title")}
      </h2>
      <fieldset className="grid gap-2 sm:grid-cols-2" disabled={choice === null || !canManage}>
        <legend className="sr-only">{t("fees.rule.title")}</legend>
        {RESULTS_FEE_RULES.map((r) => (
          <label
            key={r}
            className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input
              type="radio"
              name="results-fee-rule"
              value={r}
              checked={choice === r}
              onChange={() => setChoice(r)}
              className="mt-1"
            />
            <span>
              <span className="block text-sm font-medium">{t(`fees.rule.${r}`)}</span>
              <span className="block text-xs text-muted-foreground">{t(`fees.rule.${r}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {canManage && (
        <div className="flex justify-end">
          <Button
            size="sm"
            onClick={() => void save()}
            disabled={busy || choice === null || choice === saved}
            aria-busy={busy || undefined}
          >
            {t("fees.rule.save")}
          </Button>
        </div>
      )}
    </Card>
  );
}
