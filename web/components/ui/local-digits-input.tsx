/**
 * A text input for numbers and years that shows them in the page's digits (docs/product.md#languages-and-numbers):
 * on Arabic pages "٢٠٢٦-٢٠٢٧" and "١٥٠٠٫٥٠", while the form keeps ASCII ("2026-2027", "1500.50"), so parsers and the
 * API see one spelling. Whatever digits are typed (Western, Arabic-Indic, Persian, full-width) are read as typed.
 */
import { useLayoutEffect, useRef, type ComponentProps } from "react";
import { normalizeDigits } from "@worker/lib/normalize";
import { Input } from "./input";

/** ASCII number text in the page's digits: Arabic-Indic digits and "٫" for the decimal point in Arabic. */
export function localNumberText(value: string, language: string): string {
  if (!language.startsWith("ar")) return value;
  return value.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))).replace(/\./g, "\u066b");
}

/** What was typed, back in ASCII digits with "." as the decimal point. */
export function asciiNumberText(typed: string): string {
  return normalizeDigits(typed).replace(/[\u066b\uff0e]/g, ".");
}

type Props = Omit<ComponentProps<typeof Input>, "value" | "onChange"> & {
  /** ASCII text. */
  value: string;
  onValueChange: (ascii: string) => void;
  /** The page's language ("ar" shows Arabic-Indic digits). */
  language: string;
};

/** The input; the caret stays where it was typed (each character maps to one character, so positions agree). */
export function LocalDigitsInput({ value, onValueChange, language, ...props }: Props) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (caret.current === null || !el || document.activeElement !== el) return;
    el.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });
  return (
    <Input
      ref={ref}
      value={localNumberText(value, language)}
      onChange={(e) => {
        caret.current = e.target.selectionStart;
        onValueChange(asciiNumberText(e.target.value));
      }}
      {...props}
    />
  );
}
