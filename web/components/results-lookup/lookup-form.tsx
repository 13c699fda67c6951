/**
 * The national-ID search form of /results (spec §5 "Public results search"): `inputmode="numeric"` (not
 * `type="number"`, which would drop leading zeros and refuse Arabic digits), converted and trimmed as typed, the
 * Arabic required message inline, and a button that says "Searching..." and is disabled while loading.
 */
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { CircleAlert, Hourglass, LoaderCircle, Search, WifiOff } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { NATIONAL_ID_MAX, lookupSchema, normalizeAsTyped, type LookupFormInput, type LookupFormOutput } from "./lookup.schema";
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
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LookupFormInput, unknown, LookupFormOutput>({ resolver: zodResolver(lookupSchema), defaultValues: { nationalId: "" } });

  const field = register("nationalId");

  const fieldError = errors.nationalId?.message ? t(errors.nationalId.message) : null;
  const inlineText = inlineFailure ? t(inlineFailure === "network" ? "publicResults.errors.network" : "publicResults.errors.rateLimited") : null;
  const describedBy = [`${FIELD_ID}-hint`, fieldError && `${FIELD_ID}-error`, inlineText && `${FIELD_ID}-status`].filter(Boolean).join(" ");

  return (
    <form noValidate onSubmit={handleSubmit(({ nationalId }) => onSearch(nationalId))} className="grid gap-3" aria-busy={loading}>
      <label htmlFor={FIELD_ID} className="text-base font-bold text-blue-950">
        {t("publicResults.form.label")}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id={FIELD_ID}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={NATIONAL_ID_MAX}
          dir="auto"
          placeholder={t("publicResults.form.placeholder")}
          aria-invalid={!!fieldError}
          aria-describedby={describedBy}
          className={cn(
            "h-12 w-full min-w-0 shrink-0 rounded-lg sm:flex-1 sm:shrink border border-input bg-background px-4 text-center font-mono text-lg tabular-nums shadow-xs transition-[color,box-shadow] outline-none",
            "placeholder:font-sans placeholder:text-base placeholder:text-muted-foreground",
            "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
            "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
          )}
          {...field}
          ref={(el) => {
            field.ref(el);
            inputRef.current = el;
          }}
          onChange={(e) => {
            // Convert as typed (spec §5): the field itself shows ASCII digits after each keystroke or paste.
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
          {loading ? t("publicResults.form.searching") : t("publicResults.form.submit")}
        </Button>
      </div>
      <p id={`${FIELD_ID}-hint`} className="text-sm text-muted-foreground">
        {t("publicResults.form.hint")}
      </p>
      {fieldError && (
        <p id={`${FIELD_ID}-error`} role="alert" className="flex items-center gap-1.5 text-sm font-semibold text-destructive">
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
