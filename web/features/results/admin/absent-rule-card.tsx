/**
 * The school setting `results_absent_rule` (docs/product.md#absent-marks): whether a subject a student was absent
 * from is left out of a result's total and percentage (`excluded`, the default) or counted as 0 of its max (`zero`).
 * Report cards and the public card follow it and say which applies. Shown to readers of the settings; changing it
 * needs `settings.manage` (docs/product.md#staff-and-roles).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ABSENT_RULES, type AbsentRule } from "@worker/lib/absent-mark";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { toast } from "~/components/ui/lazy-toast";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { useCan } from "~/lib/use-me";
import { getSettings, putSettings } from "~/features/fees/admin/fee-plans-api";

/** The absent rule as two radio choices and Save; nothing for a role that cannot read the settings. */
export function AbsentRuleCard() {
  const canRead = useCan("settings.read");
  return canRead ? <AbsentRuleChoice /> : null;
}

function AbsentRuleChoice() {
  const { t } = useTranslation();
  const onAuthFailure = useHandleAuthFailure();
  const { failureText } = useReasonText();
  const canManage = useCan("settings.manage");
  const [saved, setSaved] = useState<AbsentRule | null>(null);
  const [choice, setChoice] = useState<AbsentRule | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    getSettings().then(
      (s) => {
        if (!live) return;
        setSaved(s.results_absent_rule);
        setChoice(s.results_absent_rule);
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
      const s = await putSettings({ results_absent_rule: choice });
      setSaved(s.results_absent_rule);
      toast.success(t("results.absentRule.saved"));
    } catch (err) {
      if (!onAuthFailure(err)) toast.error(failureText(err, t("results.absentRule.failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      className="gap-3 px-5 py-4 lg:flex-row lg:items-center lg:justify-between"
      aria-labelledby="absent-rule-title"
    >
      <div className="min-w-0 lg:max-w-sm">
        <h2 id="absent-rule-title" className="text-base font-semibold">
          {t("results.absentRule.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("results.absentRule.description")}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <fieldset className="grid gap-2 sm:grid-cols-2" disabled={choice === null || !canManage}>
          <legend className="sr-only">{t("results.absentRule.title")}</legend>
          {ABSENT_RULES.map((r) => (
            <label
              key={r}
              className="flex cursor-pointer items-start gap-2.5 rounded-lg border px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                name="results-absent-rule"
                value={r}
                checked={choice === r}
                onChange={() => setChoice(r)}
                className="mt-1"
              />
              <span>
                <span className="block text-sm font-medium">{t(`results.absentRule.${r}`)}</span>
                <span className="block text-xs text-muted-foreground">{t(`results.absentRule.${r}Hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {canManage && (
          <Button
            size="sm"
            className="self-end sm:self-center"
            onClick={() => void save()}
            disabled={busy || choice === null || choice === saved}
            aria-busy={busy || undefined}
          >
            {t("results.absentRule.save")}
          </Button>
        )}
      </div>
    </Card>
  );
}
