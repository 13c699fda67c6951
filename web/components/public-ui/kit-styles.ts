/**
 * The shared UI kit's button, input and label looks (components/ui/button.tsx, input.tsx, label.tsx) for the forms
 * on the public pages' first load, without class-variance-authority, Radix Slot/Label and tailwind-merge
 * (docs/decisions/0012-public-page-weight.md).
 * Same classes as the kit resolves them; the sizes carry their text size and weight, so nothing here needs merging.
 * Keep in step with components/ui/* when their look changes.
 */
import { cn } from "./cn";

type KitVariant = "default" | "outline" | "outlineDanger" | "secondary";
type KitSize = "default" | "lg" | "search";

const base =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md transition-[color,background-color,box-shadow] outline-none " +
  "focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:border-ring disabled:pointer-events-none disabled:opacity-50 " +
  "aria-invalid:ring-destructive/20 aria-invalid:border-destructive [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

const variants: Record<KitVariant, string> = {
  default: "bg-primary text-primary-foreground shadow-xs hover:bg-primary/90",
  outline: "border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground",
  /** Outline with destructive text (e.g. "Clear Configuration"). */
  outlineDanger: "border bg-background shadow-xs hover:bg-accent text-destructive hover:text-destructive",
  secondary: "bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80",
};

const sizes: Record<KitSize, string> = {
  default: "h-9 px-4 py-2 has-[>svg]:px-3 text-sm font-medium",
  lg: "h-10 px-6 has-[>svg]:px-4 text-sm font-medium",
  /** The national-ID search buttons: tall, bold, at least 9rem wide. */
  search: "h-12 min-w-36 px-6 has-[>svg]:px-4 text-base font-bold",
};

/** The kit's button look; `className` adds layout only (no colour, size or text utilities). */
export function kitButtonClass({
  variant = "default",
  size = "default",
  className,
}: {
  variant?: KitVariant;
  size?: KitSize;
  className?: string;
} = {}) {
  return cn(base, variants[variant], sizes[size], className);
}

/** The kit's text-input look at 44 px height with monospaced text (URL fields). */
export const kitInputClass =
  "flex h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 font-mono text-sm shadow-xs transition-[color,box-shadow] outline-none " +
  "placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 " +
  "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive aria-invalid:ring-destructive/20";

/** The kit's label look, semibold, at text-sm's own line height (the kit's `leading-none` gives way to `text-sm` when merged). */
export const kitLabelClass =
  "flex items-center gap-2 text-sm font-semibold select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50";
