/**
 * The student dialog's guardians (docs/product.md#guardians-and-messages): 0-3 rows of name, relation, mobile
 * number, language and WhatsApp consent, validated with the API's schema (studentDialogSchema); a number that does
 * not read shows PHONE_INVALID under that row's number. Digits typed in Arabic-Indic are kept (the server reads them).
 */
import { type Control, Controller, type FieldErrors, type UseFormRegister, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Plus, Trash2 } from "lucide-react";
import { GUARDIAN_LANGUAGES, GUARDIAN_RELATIONS } from "@worker/contracts/guardians";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { formatNumber } from "~/lib/format";
import { useReasonText } from "~/lib/reason-text";
import { FamilySessions } from "~/features/family/admin/family-sessions";
import { EMPTY_GUARDIAN, type StudentFormFields } from "./student-form-schema";

const MAX_GUARDIANS = 3;

export interface GuardianFieldsProps {
  control: Control<StudentFormFields, unknown, unknown>;
  register: UseFormRegister<StudentFormFields>;
  errors: FieldErrors<StudentFormFields>;
  idPrefix: string;
}

/** An error message under a field, with the id its input points at. */
function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-destructive">
      {message}
    </p>
  );
}

export function GuardianFields({ control, register, errors, idPrefix }: GuardianFieldsProps) {
  const { t, i18n } = useTranslation();
  const { messageText } = useReasonText();
  const { fields, append, remove } = useFieldArray({ control, name: "guardians" });
  const rowErrors = errors.guardians;
  const text = (m: unknown) => (typeof m === "string" ? messageText(m) : undefined);
  const n = (i: number) => formatNumber(i + 1, i18n.language);

  return (
    <fieldset className="grid gap-3 rounded-lg border p-3 sm:p-4" data-guardians>
      <legend className="px-1 text-sm font-semibold">{t("messages.guardians.title")}</legend>
      <p className="text-xs text-muted-foreground">{t("messages.guardians.hint")}</p>
      {fields.map((f, i) => {
        const id = (name: string) => `${idPrefix}-g${i}-${name}`;
        const e = rowErrors?.[i];
        const nameError = text(e?.full_name?.message);
        const phoneError = text(e?.phone?.message);
        const relationError = text(e?.relation?.message);
        return (
          <div key={f.id} className="grid gap-3 rounded-md bg-muted/40 p-3 sm:grid-cols-2" data-guardian={i}>
            <div className="flex items-center justify-between gap-2 sm:col-span-2">
              <span className="text-sm font-medium">{t("messages.guardians.guardianN", { n: n(i) })}</span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={t("messages.guardians.remove", { n: n(i) })}
                onClick={() => remove(i)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            <div className="grid content-start gap-1.5">
              <Label htmlFor={id("name")}>{t("messages.guardians.name")}</Label>
              <Input
                id={id("name")}
                autoComplete="off"
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? `${id("name")}-error` : undefined}
                {...register(`guardians.${i}.full_name`)}
              />
              <FieldError id={`${id("name")}-error`} message={nameError} />
            </div>
            <div className="grid content-start gap-1.5">
              <Label htmlFor={id("phone")}>{t("messages.guardians.phone")}</Label>
              <Input
                id={id("phone")}
                dir="ltr"
                inputMode="tel"
                autoComplete="off"
                placeholder={t("messages.guardians.phonePlaceholder")}
                className="font-mono rtl:text-end"
                aria-invalid={phoneError ? true : undefined}
                aria-describedby={phoneError ? `${id("phone")}-error` : undefined}
                {...register(`guardians.${i}.phone`)}
              />
              <FieldError id={`${id("phone")}-error`} message={phoneError} />
            </div>
            <div className="grid content-start gap-1.5">
              <div className="flex items-center gap-1">
                <Label htmlFor={id("relation")}>{t("messages.guardians.relation")}</Label>
                <span className="text-sm leading-none text-destructive" aria-hidden="true">
                  *
                </span>
              </div>
              <Controller
                control={control}
                name={`guardians.${i}.relation`}
                render={({ field }) => (
                  <Select value={field.value || undefined} onValueChange={field.onChange} name={field.name}>
                    <SelectTrigger
                      id={id("relation")}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      className="w-full"
                      aria-required="true"
                      aria-invalid={relationError ? true : undefined}
                      aria-describedby={relationError ? `${id("relation")}-error` : undefined}
                    >
                      <SelectValue placeholder={t("students.form.selectRelation")} />
                    </SelectTrigger>
                    <SelectContent>
                      {GUARDIAN_RELATIONS.map((r) => (
                        <SelectItem key={r} value={r}>
                          {t(`messages.guardians.relations.${r}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
              <FieldError id={`${id("relation")}-error`} message={relationError} />
            </div>
            <div className="grid content-start gap-1.5">
              <Label htmlFor={id("language")}>{t("messages.guardians.language")}</Label>
              <Controller
                control={control}
                name={`guardians.${i}.language`}
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                    <SelectTrigger id={id("language")} ref={field.ref} onBlur={field.onBlur} className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {GUARDIAN_LANGUAGES.map((l) => (
                        <SelectItem key={l} value={l}>
                          {t(`messages.guardians.languages.${l}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
            <div className="flex items-center gap-2 sm:col-span-2">
              <Controller
                control={control}
                name={`guardians.${i}.whatsapp_consent`}
                render={({ field }) => (
                  <Switch id={id("consent")} checked={field.value} onCheckedChange={field.onChange} ref={field.ref} />
                )}
              />
              <Label htmlFor={id("consent")}>{t("messages.guardians.consent")}</Label>
              {f.opted_out_at && (
                <span className="ms-auto text-xs font-medium text-destructive">{t("messages.guardians.optedOut")}</span>
              )}
            </div>
            {f.phone && <FamilySessions phone={f.phone} />}
          </div>
        );
      })}
      {fields.length < MAX_GUARDIANS && (
        <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => append(EMPTY_GUARDIAN)}>
          <Plus aria-hidden="true" />
          {t("messages.guardians.add")}
        </Button>
      )}
    </fieldset>
  );
}
