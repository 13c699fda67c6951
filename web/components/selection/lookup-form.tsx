/**
 * The national-ID search of /current-students (spec §5 "Teacher selection search"): `inputmode="numeric"` (not
 * `type="number"`, which drops leading zeros and refuses Arabic digits), converted and trimmed as typed. An empty or
 * malformed ID shows a toast (spec: "the student ID must be entered"); the button spins and is disabled while
 * loading; a 429 leaves a clear inline message under the field.
 */
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Hourglass, LoaderCircle, Search } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { STUDENT_ID_MAX, normalizeAsTyped, selectionLookupSchema, type SelectionLookupInput, type SelectionLookupOutput } from "./lookup.schema";
import { TOAST_MS } from "./use-teacher-selection";

export const STUDENT_ID_FIELD = "student-national-id";

/** `onSearch` receives the normalised ID; `inputRef` receives the field (focus goes back there after a modal). */
export function LookupForm({
  loading,
  rateLimited,
  onSearch,
  inputRef,
}: {
  loading: boolean;
  rateLimited: boolean;
  onSearch: (studentId: string) => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { register, handleSubmit } = useForm<SelectionLookupInput, unknown, SelectionLookupOutput>({
    resolver: zodResolver(selectionLookupSchema),
    defaultValues: { studentId: "" },
  });
  const field = register("studentId");
  const describedBy = [`${STUDENT_ID_FIELD}-hint`, rateLimited && `${STUDENT_ID_FIELD}-status`].filter(Boolean).join(" ");

  return (
    <form
      noValidate
      aria-busy={loading}
      className="grid gap-3"
      onSubmit={handleSubmit(
        ({ studentId }) => onSearch(studentId),
        (errors) => {
          toast.error(t(errors.studentId?.message ?? "selection.form.errors.required"), { duration: TOAST_MS.error });
          inputRef.current?.focus();
        },
      )}
    >
      <label htmlFor={STUDENT_ID_FIELD} className="text-base font-bold text-blue-950">
        {t("selection.form.label")}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id={STUDENT_ID_FIELD}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={STUDENT_ID_MAX}
          dir="ltr"
          placeholder={t("selection.form.placeholder")}
          aria-describedby={describedBy}
          className={cn(
            "h-12 w-full min-w-0 rounded-lg border border-input bg-background px-4 text-center font-mono text-lg tabular-nums shadow-xs transition-[color,box-shadow] outline-none sm:flex-1",
            "placeholder:font-sans placeholder:text-base placeholder:text-muted-foreground",
            "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
          )}
          {...field}
          ref={(el) => {
            field.ref(el);
            inputRef.current = el;
          }}
          onChange={(e) => {
            // Convert as typed (spec §5): the field shows ASCII digits after each keystroke or paste.
            const el = e.target;
            const next = normalizeAsTyped(el.value, el.selectionEnd);
            if (next.value !== el.value) {
              el.value = next.value;
              if (next.caret !== null && document.activeElement === el) el.setSelectionRange(next.caret, next.caret);
            }
            void field.onChange(e);
          }}
        />
        <Button type="submit" size="lg" disabled={!hydrated || loading} className="h-12 min-w-36 text-base font-bold">
          {loading ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
          {loading ? t("selection.form.searching") : t("selection.form.submit")}
        </Button>
      </div>
      <p id={`${STUDENT_ID_FIELD}-hint`} className="text-sm text-muted-foreground">
        {t("selection.form.hint")}
      </p>
      {rateLimited && (
        <p
          id={`${STUDENT_ID_FIELD}-status`}
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm font-semibold text-destructive"
        >
          <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t("selection.errors.rateLimited")}
        </p>
      )}
    </form>
  );
}
