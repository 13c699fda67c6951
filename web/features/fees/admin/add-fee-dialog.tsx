/**
 * The Add Fee Record modal (docs/product.md#fees): Student ID, Grade, Total Amount and Paid Amount (EGP, ≥ 0, 2
 * decimals), validated with the API's own `createFeeSchema` (its reasons shown in the admin's language), then
 * `POST /api/fees`. Typing a known student ID shows the student's name and fills in their grade. A refusal is told
 * by its reason (e.g. FEE_EXISTS), else "Failed to save fee record". A paid amount is the first payment: its receipt is
 * offered on saving, as Add Payment offers one (docs/product.md#payments-and-receipts).
 */
import { useEffect } from "react";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { CircleCheck, CircleAlert } from "lucide-react";
import { createFeeSchema, type CreateFeeInput } from "@worker/contracts/fees";
import { GRADES } from "@worker/lib/school-grades";
import { toGrade } from "@worker/contracts/list-params";
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { createFee, type FeeRecord } from "./fees-api";
import { formatNumber } from "~/lib/format";
import { useStudentLookup } from "./use-student-lookup";
import { offerReceipt } from "./receipt-toast";

/** What the inputs hold (text, so Arabic-Indic digits can be typed; the schema converts). */
interface FeeFormValues {
  student_id: string;
  grade: string;
  total_amount: string;
  paid_amount: string;
}

interface AddFeeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Grade preselected in the form (the page's grade filter), if any. */
  defaultGrade?: string;
  onCreated: (fee: FeeRecord) => void;
}

const EMPTY: FeeFormValues = { student_id: "", grade: "", total_amount: "", paid_amount: "0" };

/** The Add Fee Record dialog. */
export function AddFeeDialog({ open, onOpenChange, defaultGrade, onCreated }: AddFeeDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { messageText, failureText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  const form = useForm<FeeFormValues, unknown, CreateFeeInput>({
    // The form holds what was typed (strings); the schema parses them into the body (its input type is `unknown`).
    resolver: zodResolver(createFeeSchema) as Resolver<FeeFormValues, unknown, CreateFeeInput>,
    defaultValues: EMPTY,
  });
  const { register, control, handleSubmit, reset, setValue, watch, getFieldState, formState } = form;
  const { errors, isSubmitting } = formState;
  const lookup = useStudentLookup(watch("student_id"), open);

  useEffect(() => {
    if (open) reset({ ...EMPTY, grade: (defaultGrade && toGrade(defaultGrade)) || "" });
  }, [open, defaultGrade, reset]);

  // The student's own grade is the right default unless the admin already picked one.
  useEffect(() => {
    if (lookup.state === "found" && !getFieldState("grade").isDirty)
      setValue("grade", lookup.student.current_grade, { shouldValidate: formState.isSubmitted });
  }, [lookup, getFieldState, setValue, formState.isSubmitted]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const fee = await createFee(body);
      // A paid amount became the first payment, with a receipt: offered as Add Payment offers its own.
      const first = fee.payments.find((p) => p.kind === "payment");
      if (first)
        offerReceipt(
          t("fees.toast.savedWithReceipt", { receipt: first.receipt_no }),
          fee,
          first,
          lang,
          t("fees.payments.printReceipt"),
        );
      else toast.success(t("fees.toast.saved"));
      onCreated(fee);
      onOpenChange(false);
    } catch (err) {
      if (onAuthFailure(err)) return;
      toast.error(failureText(err, t("fees.errors.saveFailed"), t("fees.errors.saveNetwork")));
    }
  });

  const err = (name: keyof FeeFormValues) => {
    const message = errors[name]?.message;
    return message ? messageText(message) : null;
  };
  const field = (name: keyof FeeFormValues) => ({
    id: `fee-${name}`,
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? `fee-${name}-error` : undefined,
  });
  const fieldError = (name: keyof FeeFormValues) =>
    err(name) && (
      <p id={`fee-${name}-error`} className="text-sm text-destructive">
        {err(name)}
      </p>
    );

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent closeLabel={t("fees.form.cancel")}>
        <DialogHeader>
          <DialogTitle>{t("fees.form.title")}</DialogTitle>
          <DialogDescription>{t("fees.form.description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="fee-student_id">{t("fees.form.studentId")}</Label>
            <Input
              {...field("student_id")}
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              className="text-start"
              placeholder={t("fees.form.studentIdPlaceholder")}
              {...register("student_id")}
            />
            {fieldError("student_id")}
            {lookup.state === "found" && (
              <p className="flex items-center gap-1.5 text-sm text-success" role="status">
                <CircleCheck className="size-4" aria-hidden="true" />
                <bdi>{lookup.student.full_name}</bdi> ·{" "}
                {t(`admin.grades.${lookup.student.current_grade}`, { defaultValue: lookup.student.current_grade })}
              </p>
            )}
            {lookup.state === "missing" && (
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground" role="status">
                <CircleAlert className="size-4" aria-hidden="true" />
                {t("fees.form.studentUnknown")}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="fee-grade">{t("fees.form.grade")}</Label>
            <Controller
              control={control}
              name="grade"
              render={({ field: f }) => (
                <Select value={f.value} onValueChange={f.onChange}>
                  <SelectTrigger {...field("grade")} className="w-full" onBlur={f.onBlur}>
                    <SelectValue placeholder={t("fees.form.selectGrade")} />
                  </SelectTrigger>
                  <SelectContent>
                    {GRADES.map((g) => (
                      <SelectItem key={g} value={g}>
                        {t(`admin.grades.${g}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            {fieldError("grade")}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {(["total_amount", "paid_amount"] as const).map((name) => (
              <div key={name} className="grid content-start gap-2">
                <Label htmlFor={`fee-${name}`}>
                  {t(name === "total_amount" ? "fees.form.total" : "fees.form.paid")}
                </Label>
                <div className="relative" dir="ltr">
                  <Input
                    {...field(name)}
                    inputMode="decimal"
                    autoComplete="off"
                    className="pe-12 text-start tabular-nums"
                    placeholder={formatNumber(0, lang, { minimumFractionDigits: 2 })}
                    {...register(name)}
                  />
                  <span className="pointer-events-none absolute inset-y-0 end-3 flex items-center text-xs text-muted-foreground">
                    {t("fees.form.currency")}
                  </span>
                </div>
                {fieldError(name)}
              </div>
            ))}
          </div>
          <DialogFooter className="mt-2">
            <Button variant="outline" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
              {t("fees.form.cancel")}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting && <Spinner className="size-4" />}
              {isSubmitting ? t("fees.form.submitting") : t("fees.form.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
