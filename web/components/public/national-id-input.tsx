/**
 * The ID field and search button shared by /results and /current-students (spec §5): `inputmode="numeric"` (not
 * `type="number"`, which drops leading zeros and refuses Arabic digits), converted as typed (national-id-field.ts),
 * and a submit button that spins, says its busy label and stays disabled until hydrated or while loading.
 */
import { useEffect, useState } from "react";
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
export function NationalIdSearchRow({ id, name, placeholder, describedBy, invalid, dir, inputRef, onValue, loading, submitLabel, searchingLabel }: NationalIdSearchRowProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
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
        // Convert as typed (spec §5): the field itself shows ASCII digits after each keystroke or paste.
        onChange={(e) => {
          const value = normalizeInputInPlace(e.target);
          onValue?.(value);
        }}
      />
      <button type="submit" disabled={!hydrated || loading} className={kitButtonClass({ size: "search" })}>
        {loading ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
        {loading ? searchingLabel : submitLabel}
      </button>
    </div>
  );
}
