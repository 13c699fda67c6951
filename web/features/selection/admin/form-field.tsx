/**
 * Form building blocks of the subject, teacher and period modals: a labelled field with its hint and error (wired
 * with aria-describedby), a switch row, the server-error banner, and a numeric text input (Arabic-Indic and Persian
 * digits accepted by the schema, docs/product.md#languages-and-numbers).
 */
import type { ComponentProps, ReactNode } from "react";
import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { DialogClose, DialogFooter } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { cn } from "~/lib/utils";

/** Feedback from a failed save: an error on `field`, or a banner at the top of the form when `field` is absent. */
export interface FormFeedback<F extends string> {
  field?: F;
  message: string;
}

/**
 * `dir` for a free-text input (names, descriptions): "auto" in the English console, so Arabic text is typed right to
 * left; the Arabic console's inputs are already right to left.
 */
export const freeTextDir = (lang: string | undefined) => (lang?.startsWith("ar") ? undefined : ("auto" as const));

/** `aria-*` props of the control of field `id`. */
export function describedBy(id: string, error?: string, hint?: string) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

export interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}

/** Label (with a red * when required), the control, then the error or the hint. */
export function Field({ id, label, required, error, hint, className, children }: FieldProps) {
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <div className="flex items-center gap-1">
        <Label htmlFor={id}>{label}</Label>
        {required && (
          <span className="text-sm leading-none text-destructive" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/**
 * A text input for whole numbers: numeric keyboard on phones. What is typed stays as typed (٣٥ included); the
 * shared number field reads it on submit and names what is wrong (docs/product.md#languages-and-numbers).
 */
export function NumberInput({ className, ...props }: ComponentProps<"input">) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      dir="ltr"
      className={cn("tabular-nums rtl:text-end", className)}
      {...props}
    />
  );
}

export interface SwitchFieldProps {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A bordered row: label and hint at the start, the switch at the end. */
export function SwitchField({ id, label, hint, checked, onCheckedChange, disabled }: SwitchFieldProps) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border px-3 py-2.5">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
    </div>
  );
}

/** The banner at the top of a form for an error the server returned. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}

/**
 * The footer of the subject, teacher and period forms: Cancel (closes the dialog) and the submit button, which
 * says "Saving…" with a spinner while `submitting`; `submitLabel` is "Save Changes" or the add action's label.
 */
export function FormDialogFooter({ submitting, submitLabel }: { submitting: boolean; submitLabel: string }) {
  const { t } = useTranslation();
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline" disabled={submitting}>
          {t("courseSelection.common.cancel")}
        </Button>
      </DialogClose>
      <Button type="submit" disabled={submitting}>
        {submitting && <Spinner label={t("courseSelection.common.saving")} />}
        {submitting ? t("courseSelection.common.saving") : submitLabel}
      </Button>
    </DialogFooter>
  );
}
