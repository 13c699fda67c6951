/**
 * Add or edit a staff account (docs/product.md#staff-and-roles): the fields of staff-form-fields.tsx, checked with
 * the API's own schemas (staff-form-model.ts), then `POST /api/admin/staff` or `PUT /api/admin/staff/{id}` with only
 * what changed. Fields the server refused show its reasons under them (a taken username under Username); any other
 * refusal (LAST_ADMINISTRATOR, FORBIDDEN_FOR_ROLE) is a red toast in the admin's language.
 */
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isReason, reason } from "@worker/reasons";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { toast } from "~/components/ui/lazy-toast";
import { Spinner } from "~/components/ui/spinner";
import { ApiFailure } from "~/lib/api";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import type { Ticked } from "./assignment-model";
import { createStaff, updateStaff, type StaffMember } from "./staff-api";
import { StaffFormFields } from "./staff-form-fields";
import {
  createBody,
  initialValues,
  problemsOf,
  updateBody,
  type StaffField,
  type StaffFormValues,
} from "./staff-form-model";

/** Props of StaffFormDialog: `member` null adds an account. */
export interface StaffFormDialogProps {
  open: boolean;
  member: StaffMember | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (member: StaffMember, created: boolean) => void;
}

/** The field messages of a refusal: its `issues`, or a taken username. */
function serverProblems(err: unknown): Partial<Record<StaffField, string>> {
  if (!(err instanceof ApiFailure)) return {};
  if (err.reason === "STAFF_USERNAME_TAKEN") return { username: reason("STAFF_USERNAME_TAKEN") };
  const issues = Array.isArray(err.body?.issues) ? (err.body.issues as unknown[]) : [];
  return problemsOf(
    issues.flatMap((i) => {
      const { path, reason: r, params } = (i ?? {}) as { path?: unknown; reason?: unknown; params?: never };
      return typeof path === "string" && isReason(r) ? [{ path, message: reason(r, params) }] : [];
    }),
  );
}

/** The add/edit modal. */
export function StaffFormDialog({ open, member, onOpenChange, onSaved }: StaffFormDialogProps) {
  const { t } = useTranslation();
  const { failureText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  const form = useForm<StaffFormValues>({ defaultValues: initialValues(null).values });
  const [ticked, setTicked] = useState<Ticked>(new Set());
  const [assignmentsError, setAssignmentsError] = useState<string | undefined>();
  const { reset, setError, handleSubmit, setFocus, formState } = form;
  const creating = !member;

  // Fresh values each time the modal opens or shows another account.
  // biome-ignore lint/correctness/useExhaustiveDependencies: member?.id stands for the account shown
  useEffect(() => {
    if (!open) return;
    const start = initialValues(member);
    reset(start.values);
    setTicked(start.ticked);
    setAssignmentsError(undefined);
  }, [open, member?.id, reset]);

  const show = (problems: Partial<Record<StaffField, string>>) => {
    setAssignmentsError(problems.assignments);
    let first: keyof StaffFormValues | undefined;
    for (const name of ["username", "display_name", "role", "password"] as const) {
      const message = problems[name];
      if (!message) continue;
      setError(name, { message });
      first ??= name;
    }
    if (first && (creating || first !== "username")) setFocus(first);
  };

  /** Checks and sends the form: the saved account, "unchanged" (an edit that changed nothing) or null (problems shown). */
  const send = async (values: StaffFormValues): Promise<StaffMember | "unchanged" | null> => {
    if (member) {
      const built = updateBody(member, values, ticked);
      if ("problems" in built) {
        show(built.problems);
        return null;
      }
      return Object.keys(built.body).length === 0 ? "unchanged" : updateStaff(member.id, built.body);
    }
    const built = createBody(values, ticked);
    if ("problems" in built) {
      show(built.problems);
      return null;
    }
    return createStaff(built.body);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await send(values);
      if (saved === null) return;
      if (saved !== "unchanged") {
        toast.success(t(member ? "staff.form.saved" : "staff.form.created", { name: saved.display_name }));
        onSaved(saved, !member);
      }
      onOpenChange(false);
    } catch (err) {
      if (onAuthFailure(err)) return;
      const problems = serverProblems(err);
      show(problems);
      if (Object.keys(problems).length === 0)
        toast.error(failureText(err, t("staff.form.failed"), t("staff.form.network")));
    }
  });

  const busy = formState.isSubmitting;
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent closeLabel={t("nav.close")} className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>
            {member ? t("staff.form.editTitle", { name: member.display_name }) : t("staff.form.addTitle")}
          </DialogTitle>
          <DialogDescription>
            {t(member ? "staff.form.editDescription" : "staff.form.addDescription")}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {member && (
            <p className="text-sm text-muted-foreground">
              {t("staff.form.username")}:{" "}
              <bdi dir="ltr" className="font-mono text-foreground">
                {member.username}
              </bdi>
            </p>
          )}
          <StaffFormFields
            form={form}
            creating={creating}
            ticked={ticked}
            onTickedChange={(next) => {
              setTicked(next);
              setAssignmentsError(undefined);
            }}
            assignmentsError={assignmentsError}
          />
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                {t("staff.form.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy && <Spinner label={t("staff.form.saving")} />}
              {busy ? t("staff.form.saving") : t(member ? "staff.form.save" : "staff.form.create")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
