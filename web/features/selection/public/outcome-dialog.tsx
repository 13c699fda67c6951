/**
 * The modals of /current-students (docs/product.md#teacher-selection): "Selection Period Closed" (teacher selection
 * unavailable, contact student affairs), the invalid national ID, not an active Prep-3 student, and the incomplete
 * selection (teachers must be chosen for all N subjects, with the ones still missing). Radix Dialog traps focus; on
 * close, focus goes to `returnFocusTo` (the ID field, or the submit button for the incomplete modal).
 */
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { CircleAlert, ListChecks, Lock, UserX, type LucideIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { cn } from "~/lib/utils";
import { num } from "./format";
import type { SelectionModal } from "./outcome";

export type ModalKind = SelectionModal | "incomplete";

const LOOK: Record<ModalKind, { icon: LucideIcon; tone: string }> = {
  closed: { icon: Lock, tone: "bg-slate-100 text-slate-700" },
  invalidId: { icon: CircleAlert, tone: "bg-red-100 text-red-700" },
  notEligible: { icon: UserX, tone: "bg-amber-100 text-amber-800" },
  incomplete: { icon: ListChecks, tone: "bg-blue-100 text-blue-800" },
};

export interface IncompleteInfo {
  chosen: number;
  total: number;
  missing: string[];
}

export function OutcomeDialog({
  kind,
  incomplete,
  onClose,
  returnFocusTo,
}: {
  kind: ModalKind | null;
  /** Required when `kind` is "incomplete". */
  incomplete?: IncompleteInfo | null;
  onClose: () => void;
  /** Focus target after closing; without it Radix returns focus to the element that had it (the submit button). */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // Keep the last content while the dialog animates out, so its text does not change on the way.
  const last = useRef<{ kind: ModalKind; incomplete?: IncompleteInfo | null }>({ kind: "invalidId" });
  if (kind) last.current = { kind, incomplete };
  const shown = last.current;
  const { icon: Icon, tone } = LOOK[shown.kind];
  const info = shown.incomplete;
  const body =
    shown.kind === "incomplete" && info
      ? t("selection.modals.incomplete.body", {
          all: t(`selection.numberWords.${info.total}`, { defaultValue: num(info.total, lang) }),
          chosen: num(info.chosen, lang),
          total: num(info.total, lang),
        })
      : t(`selection.modals.${shown.kind}.body`);

  return (
    <Dialog open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        data-outcome={shown.kind}
        closeLabel={t("selection.modals.close")}
        className="sm:max-w-md"
        onCloseAutoFocus={(e) => {
          if (!returnFocusTo?.current) return;
          e.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader className="items-center text-center sm:text-center">
          <span className={cn("mb-1 grid size-14 place-items-center rounded-full", tone)}>
            <Icon className="size-7" aria-hidden="true" />
          </span>
          <DialogTitle className="text-xl leading-snug font-bold text-blue-950">
            {t(`selection.modals.${shown.kind}.title`)}
          </DialogTitle>
          <DialogDescription className="text-base leading-relaxed">{body}</DialogDescription>
        </DialogHeader>
        {shown.kind === "incomplete" && info && info.missing.length > 0 && (
          <div className="rounded-xl border bg-muted/40 px-4 py-3">
            <p className="text-sm font-semibold text-muted-foreground">{t("selection.modals.incomplete.missing")}</p>
            <ul className="mt-1.5 flex flex-wrap gap-1.5">
              {info.missing.map((m) => (
                <li
                  key={m}
                  className="rounded-full bg-background px-2.5 py-0.5 text-sm font-semibold text-blue-950 ring-1 ring-border"
                >
                  {m}
                </li>
              ))}
            </ul>
          </div>
        )}
        <DialogFooter className="sm:justify-center">
          <Button size="lg" className="min-w-32" onClick={onClose}>
            {t("selection.modals.ok")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
