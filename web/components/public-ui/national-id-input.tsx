/**
 * The ID field and search button shared by /results and /current-students (docs/product.md#public-results,
 * #teacher-selection): `inputmode="numeric"` (not `type="number"`, which drops leading zeros and refuses Arabic
 * digits), converted as typed (national-id-field.ts), and a submit button that spins and says its busy label while
 * loading.
 *
 * Before the app runs (public pages load their JavaScript after the first paint,
 * docs/decisions/0016-public-hydration-after-first-paint.md) the boot script enables the button and keeps a submit
 * (web/lib/deferred-boot.server.ts); once hydrated, this converts what was typed meanwhile (Arabic-Indic digits
 * included) and replays that submit, so a visitor who searched early gets the answer. Server-rendered, the button
 * is disabled: without any JavaScript a native submit would only put the ID in the address bar.
 */
import { useEffect, useState } from "react";
import { HYDRATED_ATTR, PENDING_ATTR } from "~/lib/early-submit";
import { LoaderCircle, Search } from "lucide-react";
import { cn } from "./cn";
import { kitButtonClass } from "./kit-styles";
import { NATIONAL_ID_MAX, normalizeInputInPlace } from "./national-id-field";

export interface NationalIdSearchRowProps {
  id: string;
  name: string;
  placeholder: string;
  /** Ids of the hint/error/status texts. */
  describedBy: string;
  /** Marks the field invalid (red border); undefined leaves `aria-invalid` off. */
  invalid?: boolean;
  dir: "auto" | "ltr";
  inputRef: React.RefObject<HTMLInputElement | null>;
  /** The converted value after each keystroke or paste. */
  onValue?: (value: string) => void;
  loading: boolean;
  submitLabel: string;
  searchingLabel: string;
}

/** The field and the button, side by side from `sm` up. */
export function NationalIdSearchRow({
  id,
  name,
  placeholder,
  describedBy,
  invalid,
  dir,
  inputRef,
  onValue,
  loading,
  submitLabel,
  searchingLabel,
}: NationalIdSearchRowProps) {
  const [hydrated, setHydrated] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the app takes the form over
  useEffect(() => {
    setHydrated(true);
    const input = inputRef.current;
    const form = input?.form;
    if (!input || !form) return;
    const value = normalizeInputInPlace(input);
    if (value !== "") onValue?.(value);
    form.setAttribute(HYDRATED_ATTR, "");
    if (form.hasAttribute(PENDING_ATTR)) {
      form.removeAttribute(PENDING_ATTR);
      form.requestSubmit();
    }
    // Once, when the app takes the form over.
  }, []);
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={NATIONAL_ID_MAX}
        dir={dir}
        placeholder={placeholder}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className={cn(
          "h-12 w-full min-w-0 shrink-0 rounded-lg border border-input bg-background px-4 text-center font-mono text-lg tabular-nums shadow-xs transition-[color,box-shadow] outline-none sm:flex-1 sm:shrink",
          "placeholder:font-sans placeholder:text-base placeholder:text-muted-foreground",
          "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
          "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
        )}
        name={name}
        ref={inputRef}
        // Convert as typed (docs/product.md#languages-and-numbers): the field shows ASCII digits after each
        // keystroke or paste.
        onChange={(e) => {
          const value = normalizeInputInPlace(e.target);
          onValue?.(value);
        }}
      />
      <button type="submit" disabled={!hydrated || loading} className={kitButtonClass({ size: "search" })}>
        {/* A submit kept before the app runs shows the busy look at once (the form is marked pending). */}
        {loading ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <Search aria-hidden="true" className="in-data-pending:hidden" />
        )}
        {!loading && <LoaderCircle aria-hidden="true" className="hidden animate-spin in-data-pending:block" />}
        {loading ? searchingLabel : <span className="in-data-pending:hidden">{submitLabel}</span>}
        {!loading && <span className="hidden in-data-pending:inline">{searchingLabel}</span>}
      </button>
    </div>
  );
}
