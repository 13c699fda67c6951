/** A letter grade as a coloured badge (per-grade results demo): A+/A green, B+/B blue, C amber, D orange, F red. */
import { cn } from "~/lib/utils";

const TONE: Record<string, string> = {
  "A+": "bg-success/12 text-success",
  A: "bg-success/12 text-success",
  "B+": "bg-primary/10 text-primary",
  B: "bg-primary/10 text-primary",
  C: "bg-warning/15 text-[oklch(0.5_0.13_60)]",
  D: "bg-[oklch(0.7_0.17_45/0.15)] text-[oklch(0.52_0.17_45)]",
  F: "bg-destructive/10 text-destructive",
};

/** The badge; unknown letters are grey. */
export function GradeBadge({ grade, className }: { grade: string; className?: string }) {
  return (
    <span
      dir="ltr"
      className={cn(
        "inline-flex min-w-9 items-center justify-center rounded-md px-2 py-0.5 text-xs font-semibold tabular-nums",
        TONE[grade] ?? "bg-secondary text-secondary-foreground",
        className,
      )}
    >
      {grade}
    </span>
  );
}
