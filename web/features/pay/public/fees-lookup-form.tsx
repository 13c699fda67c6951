/**
 * The national-ID form of /pay (docs/product.md#online-payments): the results page's field and rules
 * (components/public-ui/national-id-field.ts), checked on submit and then on every change, and the lookup's failure
 * under the field.
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CircleAlert } from "lucide-react";
import { checkNationalId, type NationalIdError } from "~/components/public-ui/national-id-field";
import { NationalIdSearchRow } from "~/components/public-ui/national-id-input";
import { EARLY_SUBMIT_ATTR } from "~/lib/early-submit";
import type { FeesFailure } from "./use-fees-lookup";

const FIELD_ID = "pay-national-id";

/** `onSearch` gets the normalised ID. */
export function FeesLookupForm({
  loading,
  failure,
  onSearch,
}: {
  loading: boolean;
  failure: FeesFailure | null;
  onSearch: (nationalId: string) => void;
}) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
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

  const message = error ? t(`pay.form.errors.${error}`) : failure ? t(`pay.lookup.${failure}`) : null;
  const describedBy = [`${FIELD_ID}-hint`, message && `${FIELD_ID}-error`].filter(Boolean).join(" ");
  return (
    <form noValidate onSubmit={submit} className="grid gap-3" aria-busy={loading} {...{ [EARLY_SUBMIT_ATTR]: "" }}>
      <label htmlFor={FIELD_ID} className="text-base font-bold text-blue-950">
        {t("pay.form.label")}
      </label>
      <NationalIdSearchRow
        id={FIELD_ID}
        name="nationalId"
        placeholder={t("pay.form.placeholder")}
        describedBy={describedBy}
        invalid={!!error}
        dir="auto"
        inputRef={inputRef}
        onValue={(value) => {
          if (!submitted.current) return;
          const checked = checkNationalId(value);
          setError(checked.ok ? null : checked.error);
        }}
        loading={loading}
        submitLabel={t("pay.form.submit")}
        searchingLabel={t("pay.form.searching")}
      />
      <p id={`${FIELD_ID}-hint`} className="text-sm text-muted-foreground">
        {t("pay.form.hint")}
      </p>
      {message && (
        <p
          id={`${FIELD_ID}-error`}
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm font-semibold text-destructive"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {message}
        </p>
      )}
    </form>
  );
}
