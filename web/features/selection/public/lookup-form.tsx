/**
 * The national-ID search of /current-students (docs/product.md#teacher-selection): `inputmode="numeric"` (not
 * `type="number"`, which drops leading zeros and refuses Arabic digits), converted and trimmed as typed. An empty or
 * malformed ID shows a toast ("the student ID must be entered"); the button spins and is disabled while
 * loading; a 429 leaves a clear inline message under the field.
 */
import { useTranslation } from "react-i18next";
import { Hourglass } from "lucide-react";
import { checkNationalId } from "~/components/public-ui/national-id-field";
import { NationalIdSearchRow } from "~/components/public-ui/national-id-input";
import { EARLY_SUBMIT_ATTR } from "~/lib/early-submit";
import { toast } from "~/components/ui/lazy-toast";
import { TOAST_MS } from "./selection-ui";

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
  const describedBy = [`${STUDENT_ID_FIELD}-hint`, rateLimited && `${STUDENT_ID_FIELD}-status`]
    .filter(Boolean)
    .join(" ");

  return (
    <form
      noValidate
      aria-busy={loading}
      {...{ [EARLY_SUBMIT_ATTR]: "" }}
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
      <NationalIdSearchRow
        id={STUDENT_ID_FIELD}
        name="studentId"
        placeholder={t("selection.form.placeholder")}
        describedBy={describedBy}
        dir="ltr"
        inputRef={inputRef}
        loading={loading}
        submitLabel={t("selection.form.submit")}
        searchingLabel={t("selection.form.searching")}
      />
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
