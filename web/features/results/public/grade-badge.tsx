/**
 * Letter-grade badge on the PUBLIC scale (docs/product.md#letter-grades: ≥90 A+, ≥80 A, ≥70 B, ≥60 C, ≥50 D, else F) with the page's
 * colours: A+/A green, B blue, C amber, D orange, F red. Colours pass WCAG AA contrast (dark text on a light tint).
 */
import type { PublicLetterGrade } from "@worker/lib/letter-grades";
import { cn } from "~/lib/utils";

const TONES: Record<PublicLetterGrade, string> = {
  "A+": "border-green-300 bg-green-50 text-green-800",
  A: "border-green-300 bg-green-50 text-green-800",
  B: "border-blue-300 bg-blue-50 text-blue-800",
  C: "border-amber-300 bg-amber-50 text-amber-800",
  D: "border-orange-300 bg-orange-50 text-orange-800",
  F: "border-red-300 bg-red-50 text-red-800",
};

/** Class names for a grade's tone (also used by the big overall-grade tile). */
export function gradeTone(grade: PublicLetterGrade): string {
  return TONES[grade];
}

/** A small pill with the letter; `dir="ltr"` keeps "A+" from reading as "+A" inside Arabic text. */
export function GradeBadge({ grade, className }: { grade: PublicLetterGrade; className?: string }) {
  return (
    <span
      dir="ltr"
      className={cn(
        "inline-flex min-w-10 items-center justify-center rounded-full border px-2.5 py-0.5 text-sm font-bold tabular-nums",
        TONES[grade],
        className,
      )}
    >
      {grade}
    </span>
  );
}
