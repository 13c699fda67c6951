/**
 * The national-ID search form of /results (docs/product.md#public-results): `inputmode="numeric"` (not
 * `type="number"`, which would drop leading zeros and refuse Arabic digits), converted and trimmed as typed, the
 * Arabic required message inline, and a button that says "Searching..." and is disabled while loading. As with a
 * form library's defaults: checked on submit (focus goes to the field when refused), then again on every change.
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CircleAlert, Hourglass, WifiOff } from "lucide-react";
import { checkNationalId, type NationalIdError } from "~/components/public-ui/national-id-field";
import { NationalIdSearchRow } from "~/components/public-ui/national-id-input";
import { EARLY_SUBMIT_ATTR } from "~/lib/early-submit";
import type { InlineFailure } from "./outcome";

const FIELD_ID = "national-id";

/** `onSearch` gets the normalised ID; `inputRef` receives the field (focus target after a modal closes). */
export function LookupForm({
  loading,
  inlineFailure,
  onSearch,
  inputRef,
}: {
  loading: boolean;
  inlineFailure: InlineFailure | null;
  onSearch: (nationalId: string) => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<NationalIdError | null>(null);
  const submitted = useRef(false);

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    submitted.current = true;
    const checked = checkNationalId(inputRef.current?.value ?? "");
    setError(checked.ok ? null : checked.error);
    if (checked.ok) onSearch(checked.id);
    else inputRef.current?.focus();
  };

  const fieldError = error ? t(`publicResults.form.errors.${error}`) : null;
  const inlineText = inlineFailure
    ? t(inlineFailure === "network" ? "publicResults.errors.network" : "publicResults.errors.rateLimited")
    : null;
  const describedBy = [`${FIELD_ID}-hint`, fieldError && `${FIELD_ID}-error`, inlineText && `${FIELD_ID}-status`]
    .filter(Boolean)
    .join(" ");

  return (
    <form noValidate onSubmit={submit} className="grid gap-3" aria-busy={loading} {...{ [EARLY_SUBMIT_ATTR]: "" }}>
      <label htmlFor={FIELD_ID} className="text-base font-bold text-blue-950">
        {t("publicResults.form.label")}
      </label>
      <NationalIdSearchRow
        id={FIELD_ID}
        name="nationalId"
        placeholder={t("publicResults.form.placeholder")}
        describedBy={describedBy}
        invalid={!!fieldError}
        dir="auto"
        inputRef={inputRef}
        onValue={(value) => {
          if (submitted.current) {
            const checked = checkNationalId(value);
            setError(checked.ok ? null : checked.error);
          }
        }}
        loading={loading}
        submitLabel={t("publicResults.form.submit")}
        searchingLabel={t("publicResults.form.searching")}
      />
      <p id={`${FIELD_ID}-hint`} className="text-sm text-muted-foreground">
        {t("publicResults.form.hint")}
      </p>
      {fieldError && (
        <p
          id={`${FIELD_ID}-error`}
          role="alert"
          className="flex items-center gap-1.5 text-sm font-semibold text-destructive"
        >
          <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
          {fieldError}
        </p>
      )}
      {inlineText && (
        <p
          id={`${FIELD_ID}-status`}
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm font-semibold text-destructive"
        >
          {inlineFailure === "network" ? (
            <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          {inlineText}
        </p>
      )}
    </form>
  );
}
