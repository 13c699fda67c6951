/**
 * The labelled fields of the student form (docs/product.md#students): a field with its label, required mark, optional
 * note, hint and error, and a select bound to the form (react-hook-form's Controller around the console's Select).
 */
import type { ReactNode } from "react";
import { Controller, type Control } from "react-hook-form";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { cn } from "~/lib/utils";
import type { StudentFormFields } from "./student-form-schema";

/** A labelled field: `hint` shows while there is no `error`; their ids are `${id}-hint` and `${id}-error`. */
export function Field({
  id,
  label,
  required,
  optional,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  optional?: string;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      <div className="flex items-center gap-1">
        <Label htmlFor={id}>{label}</Label>
        {required && (
          <span className="text-sm leading-none text-destructive" aria-hidden="true">
            *
          </span>
        )}
        {optional && <span className="ms-1 text-xs leading-none text-muted-foreground">({optional})</span>}
      </div>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form's fields that are a choice of fixed values. */
type SelectName = "grade" | "building" | "status" | "gender";

/**
 * A select bound to the form's `name`; with a `placeholder`, an empty value shows it (nothing chosen yet). `aria` goes
 * on the trigger (aria-invalid, aria-describedby).
 */
export function SelectField({
  control,
  name,
  id,
  options,
  placeholder,
  aria,
}: {
  control: Control<StudentFormFields, unknown, unknown>;
  name: SelectName;
  id: string;
  options: { value: string; label: string }[];
  placeholder?: string;
  aria?: { "aria-invalid"?: true; "aria-describedby"?: string };
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          value={placeholder === undefined ? field.value : field.value || undefined}
          onValueChange={field.onChange}
          name={field.name}
        >
          <SelectTrigger id={id} ref={field.ref} onBlur={field.onBlur} className="w-full" {...aria}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {options.map((o) => (
              <SelectItem key={o.value} value={o.value}>
                {o.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}
