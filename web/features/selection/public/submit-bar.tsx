/**
 * The sticky submit bar under the teacher cards (docs/product.md#teacher-selection): "3 of 5 chosen" with a progress bar, and the submit
 * button ("Confirm selections", or "Update selections" in update mode), disabled while nothing is chosen or while
 * saving. It sticks to the bottom of the viewport while the teacher cards scroll past, then rests under them.
 */
import { useTranslation } from "react-i18next";
import { LoaderCircle, Send } from "lucide-react";
import { Button } from "~/components/ui/button";
import { num } from "./format";

export function SubmitBar({
  chosen,
  total,
  saving,
  update,
  onSubmit,
}: {
  chosen: number;
  total: number;
  saving: boolean;
  update: boolean;
  onSubmit: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const pct = total > 0 ? Math.round((chosen / total) * 100) : 0;
  const label = saving ? t("selection.bar.saving") : t(update ? "selection.bar.update" : "selection.bar.submit");
  return (
    <div className="sticky bottom-0 z-20 -mx-4 mt-6 border-t bg-background/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-6px_16px_-8px_rgb(23_37_84/0.18)] backdrop-blur supports-[backdrop-filter]:bg-background/85 sm:mx-0 sm:rounded-t-2xl sm:border-x sm:px-5">
      <div className="flex items-center gap-3 sm:gap-5">
        <div className="min-w-0 flex-1">
          <p aria-live="polite" className="text-sm font-bold text-blue-950 sm:text-base">
            {t("selection.bar.count", { chosen: num(chosen, lang), total: num(total, lang) })}
          </p>
          <div
            role="progressbar"
            aria-label={t("selection.bar.progress")}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={chosen}
            aria-valuetext={t("selection.bar.count", { chosen: num(chosen, lang), total: num(total, lang) })}
            className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-300"
              style={{ width: `${pct}%` }}
            />
          </div>
        </div>
        <Button
          size="lg"
          onClick={onSubmit}
          disabled={chosen === 0 || saving}
          aria-busy={saving}
          className="h-11 shrink-0 px-4 text-base font-bold sm:min-w-44"
        >
          {saving ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Send aria-hidden="true" className="rtl:-scale-x-100" />
          )}
          {label}
        </Button>
      </div>
    </div>
  );
}
