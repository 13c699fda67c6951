/**
 * The Staff form's fields (docs/product.md#staff-and-roles): username (new accounts only; shown, not editable, on an
 * edit), display name, role with what it allows, the temporary password with Show, Generate and Copy (new accounts
 * only), and the teacher's classes. Messages are the schema's and the server's reasons, in the admin's language.
 */
import { useState } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Eye, EyeOff, WandSparkles } from "lucide-react";
import { MIN_STAFF_PASSWORD_LENGTH } from "@worker/contracts/staff";
import { hasAssignedScope } from "@worker/permissions";
import { STAFF_ROLES } from "@common/staff-roles";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { useReasonText } from "~/lib/reason-text";
import { AssignmentPicker } from "./assignment-picker";
import type { Ticked } from "./assignment-model";
import { CopyButton } from "./copy-button";
import type { StaffFormValues } from "./staff-form-model";
import { generateTemporaryPassword } from "./temporary-password";

/** Props of StaffFormFields; `creating` shows the username and password inputs. */
export interface StaffFormFieldsProps {
  form: UseFormReturn<StaffFormValues>;
  creating: boolean;
  ticked: Ticked;
  onTickedChange: (next: Ticked) => void;
  /** The message under the classes (the form's errors hold the others). */
  assignmentsError?: string;
}

/** The fields. */
export function StaffFormFields({ form, creating, ticked, onTickedChange, assignmentsError }: StaffFormFieldsProps) {
  const { t } = useTranslation();
  const { messageText } = useReasonText();
  const { register, control, watch, setValue, formState } = form;
  const { errors } = formState;
  const [showPassword, setShowPassword] = useState(false);
  const role = watch("role");
  const password = watch("password");

  const ids = (name: keyof StaffFormValues, hint = false) => ({
    id: `staff-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby":
      [errors[name] ? `staff-${name}-error` : "", hint ? `staff-${name}-hint` : ""].filter(Boolean).join(" ") ||
      undefined,
  });
  const error = (name: keyof StaffFormValues) => {
    const message = errors[name]?.message;
    return message ? (
      <p id={`staff-${name}-error`} className="text-sm text-destructive">
        {messageText(message)}
      </p>
    ) : null;
  };
  const hint = (name: keyof StaffFormValues, text: string) => (
    <p id={`staff-${name}-hint`} className="text-xs text-muted-foreground">
      {text}
    </p>
  );

  return (
    <div className="grid gap-4">
      {creating && (
        <div className="grid gap-2">
          <Label htmlFor="staff-username">{t("staff.form.username")}</Label>
          <Input
            dir="ltr"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="text-start"
            {...ids("username", true)}
            {...register("username")}
          />
          {error("username")}
          {hint("username", t("staff.form.usernameHint"))}
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor="staff-display_name">{t("staff.form.displayName")}</Label>
        <Input
          dir="auto"
          autoComplete="off"
          placeholder={t("staff.form.displayNamePlaceholder")}
          {...ids("display_name")}
          {...register("display_name")}
        />
        {error("display_name")}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="staff-role">{t("staff.form.role")}</Label>
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <Select value={field.value} onValueChange={(v) => field.onChange(STAFF_ROLES.find((r) => r === v))}>
              <SelectTrigger className="w-full" {...ids("role", true)}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {STAFF_ROLES.map((r) => (
                  <SelectItem key={r} value={r}>
                    {t(`staff.roles.${r}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        {error("role")}
        {hint("role", t(`staff.roleHints.${role}`))}
      </div>
      {creating && (
        <div className="grid gap-2">
          <Label htmlFor="staff-password">{t("staff.form.password")}</Label>
          <div className="flex flex-wrap gap-2">
            {/* Left to right as a whole, so the Show button sits at the end of the Latin text in both languages. */}
            <div dir="ltr" className="relative basis-full sm:min-w-48 sm:basis-0 sm:flex-1">
              <Input
                type={showPassword ? "text" : "password"}
                autoComplete="new-password"
                className="pe-10 font-mono"
                {...ids("password", true)}
                {...register("password")}
              />
              <button
                type="button"
                onClick={() => setShowPassword((v) => !v)}
                aria-label={showPassword ? t("staff.form.hidePassword") : t("staff.form.showPassword")}
                aria-pressed={showPassword}
                aria-controls="staff-password"
                className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {showPassword ? (
                  <EyeOff className="size-4" aria-hidden="true" />
                ) : (
                  <Eye className="size-4" aria-hidden="true" />
                )}
              </button>
            </div>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setValue("password", generateTemporaryPassword(), { shouldValidate: false, shouldDirty: true });
                setShowPassword(true);
              }}
            >
              <WandSparkles aria-hidden="true" />
              {t("staff.form.generate")}
            </Button>
            <CopyButton text={password} disabled={!password} />
          </div>
          {error("password")}
          {hint("password", t("staff.form.passwordHint", { min: MIN_STAFF_PASSWORD_LENGTH }))}
        </div>
      )}
      {hasAssignedScope(role) && (
        <AssignmentPicker
          value={ticked}
          onChange={onTickedChange}
          error={assignmentsError ? messageText(assignmentsError) : undefined}
        />
      )}
    </div>
  );
}
