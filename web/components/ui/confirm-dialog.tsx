/**
 * The one yes/no confirmation on the alert dialog (docs/product.md#payments-and-receipts, #fees,
 * #teacher-selection, #admin-sign-in; delete confirmations). Focus starts on Cancel, stays inside, and returns on
 * close to the element focused before (or `returnFocus`); the confirm button shows a spinner while `busy` and the
 * dialog cannot be dismissed then. Used by the Fees, Results, News, course-selection and per-grade demo pages, the
 * logout confirmation and the teacher-selection confirmation.
 */
import type { ReactNode, RefObject } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question, e.g. "Are you sure you want to add this payment?". */
  description: string;
  /** Extra context under the question (amounts, names), in a muted box. */
  details?: ReactNode;
  /** Further content between the question and the buttons, as it is (lists, notes). */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  destructive?: boolean;
  busy?: boolean;
  /** What the spinner announces while busy, e.g. "Deleting…" (default: the spinner's "Loading"). */
  busyLabel?: string;
  /** Disables the confirm button (e.g. the action is not allowed for this record). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  /** Classes of the panel, the title and the description (e.g. a wider panel that scrolls). */
  className?: string;
  titleClassName?: string;
  descriptionClassName?: string;
  /** Focused when the dialog closes, instead of the element focused before it opened (a trigger it outlives). */
  returnFocus?: RefObject<HTMLElement | null>;
}

/** The confirmation dialog. `onConfirm` runs on the confirm button; the caller closes the dialog. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  details,
  children,
  confirmLabel,
  cancelLabel,
  destructive,
  busy,
  busyLabel,
  confirmDisabled,
  onConfirm,
  className,
  titleClassName,
  descriptionClassName,
  returnFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent
        className={className}
        onCloseAutoFocus={
          returnFocus
            ? (e) => {
                e.preventDefault();
                returnFocus.current?.focus();
              }
            : undefined
        }
      >
        <AlertDialogHeader>
          <AlertDialogTitle className={titleClassName}>{title}</AlertDialogTitle>
          <AlertDialogDescription className={descriptionClassName}>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {details && <div className="rounded-md border bg-muted/40 px-3 py-2 text-sm">{details}</div>}
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancelLabel}</AlertDialogCancel>
          <Button
            variant={destructive ? "destructive" : "default"}
            disabled={busy || confirmDisabled}
            aria-busy={busy || undefined}
            onClick={onConfirm}
          >
            {busy && <Spinner className="size-4" label={busyLabel} />}
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
