/**
 * The national-ID search of /current-students (spec §5 "Teacher selection search"): `inputmode="numeric"` (not
 * `type="number"`, which drops leading zeros and refuses Arabic digits), converted and trimmed as typed. An empty or
 * malformed ID shows a toast (spec: "the student ID must be entered"); the button spins and is disabled while
 * loading; a 429 leaves a clear inline message under the field.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Hourglass, LoaderCircle, Search } from "lucide-react";
import { cn } from "~/components/public/cn";
import { kitButtonClass } from "~/components/public/kit-styles";
import { NATIONAL_ID_MAX, checkNationalId, normalizeInputInPlace } from "~/components/public/national-id-field";
import { toast } from "~/components/ui/lazy-toast";
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
  const describedBy = [`${STUDENT_ID_FIELD}-hint`, rateLimited && `${STUDENT_ID_FIELD}-status`].filter(Boolean).join(" ");

  return (
    <form
      noValidate
      aria-busy={loading}
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const checked = checkNationalId(inputRef.current?.value ?? "");
        if (checked.ok) return onSearch(checked.id);
        toast.error(t(`selection.form.errors.${checked.error}`), { duration: TOAST_MS.error });
        inputRef.current?.focus();
      }}
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
          maxLength={NATIONAL_ID_MAX}
          dir="ltr"
          placeholder={t("selection.form.placeholder")}
          aria-describedby={describedBy}
          className={cn(
            "h-12 w-full min-w-0 rounded-lg border border-input bg-background px-4 text-center font-mono text-lg tabular-nums shadow-xs transition-[color,box-shadow] outline-none sm:flex-1",
            "placeholder:font-sans placeholder:text-base placeholder:text-muted-foreground",
            "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
          )}
          name="studentId"
          ref={inputRef}
          // Convert as typed (spec §5): the field shows ASCII digits after each keystroke or paste.
          onChange={(e) => void normalizeInputInPlace(e.target)}
        />
        <button type="submit" disabled={!hydrated || loading} className={kitButtonClass({ size: "search" })}>
          {loading ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
          {loading ? t("selection.form.searching") : t("selection.form.submit")}
        </button>
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
