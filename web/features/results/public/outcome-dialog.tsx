/**
 * The three failure modals of /results (docs/product.md#public-results): results not yet published, fees payment
 * required (with a link to Pay fees, docs/product.md#online-payments), incorrect national ID. Radix Dialog traps focus; on close, focus goes back to the national-ID field so
 * the visitor can correct what they typed (the field keeps its value).
 */
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { CircleAlert, Clock, Wallet, type LucideIcon } from "lucide-react";
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
import type { ModalFailure } from "./outcome";

const LOOK: Record<ModalFailure, { icon: LucideIcon; tone: string }> = {
  notPublished: { icon: Clock, tone: "bg-blue-100 text-blue-800" },
  requiresPayment: { icon: Wallet, tone: "bg-amber-100 text-amber-800" },
  notFound: { icon: CircleAlert, tone: "bg-red-100 text-red-700" },
};

/** Open while `failure` is set; `onClose` clears it; `returnFocusTo` receives focus after closing. */
export function OutcomeDialog({
  failure,
  onClose,
  returnFocusTo,
}: {
  failure: ModalFailure | null;
  onClose: () => void;
  returnFocusTo: React.RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  // Keep the last kind while the dialog animates out, so its text does not switch on the way.
  const last = useRef<ModalFailure>("notFound");
  if (failure) last.current = failure;
  const kind = last.current;
  const { icon: Icon, tone } = LOOK[kind];
  return (
    <Dialog open={failure !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        data-outcome={kind}
        closeLabel={t("publicResults.modals.close")}
        className="sm:max-w-md"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader className="items-center text-center sm:text-center">
          <span className={cn("mb-1 grid size-14 place-items-center rounded-full", tone)}>
            <Icon className="size-7" aria-hidden="true" />
          </span>
          <DialogTitle className="text-xl leading-snug font-bold text-blue-950">
            {t(`publicResults.modals.${kind}.title`)}
          </DialogTitle>
          <DialogDescription className="text-base leading-relaxed">
            {t(`publicResults.modals.${kind}.body`)}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="sm:justify-center">
          {kind === "requiresPayment" && (
            <Button asChild size="lg" variant="outline" className="min-w-32">
              <a href="/pay">{t("publicResults.modals.requiresPayment.pay")}</a>
            </Button>
          )}
          <Button size="lg" className="min-w-32" onClick={onClose}>
            {t("publicResults.modals.ok")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
