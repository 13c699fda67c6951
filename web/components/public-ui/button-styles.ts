/**
 * Button/link looks for the public site (a small local stand-in for the shared UI kit). Apply to `<button>` for
 * actions and to `<Link>`/`<a>` for navigation; the look is the same, the element carries the meaning.
 * No tailwind-merge here (see cn.ts): `className` may add utilities but must not repeat a group the variant or
 * size already sets (colour, radius, height, padding, svg size); use a variant, `round` or a new size instead.
 */
import { cn } from "./cn";

type Variant = "primary" | "gold" | "outline" | "outlineLight" | "ghost" | "ghostNavy";
type Size = "sm" | "md" | "lg" | "icon";

const base =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap font-semibold transition-colors " +
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 " +
  "[&_svg]:shrink-0";

const variants: Record<Variant, string> = {
  primary: "bg-primary text-primary-foreground shadow-sm hover:bg-blue-900 focus-visible:ring-ring",
  gold: "bg-amber-400 text-blue-950 shadow-md shadow-amber-900/20 hover:bg-amber-300 focus-visible:ring-amber-300 focus-visible:ring-offset-blue-950",
  outline: "border border-primary/25 bg-card text-primary hover:bg-accent focus-visible:ring-ring",
  outlineLight:
    "border border-white/40 bg-white/5 text-white hover:bg-white/15 focus-visible:ring-amber-300 focus-visible:ring-offset-blue-950",
  ghost: "text-foreground hover:bg-accent hover:text-primary focus-visible:ring-ring",
  /** Ghost on the white navbar: navy icon. */
  ghostNavy: "text-blue-950 hover:bg-accent hover:text-primary focus-visible:ring-ring",
};

const sizes: Record<Size, string> = {
  sm: "h-9 px-3 text-sm [&_svg]:size-4",
  md: "h-10 px-4 text-sm [&_svg]:size-4",
  lg: "h-12 px-6 text-base [&_svg]:size-5",
  icon: "size-10 [&_svg]:size-5",
};

/** Class names for a public button or button-looking link; `round` makes it a circle/pill instead of rounded-lg. */
export function buttonClass({
  variant = "primary",
  size = "md",
  round = false,
  className,
}: {
  variant?: Variant;
  size?: Size;
  round?: boolean;
  className?: string;
} = {}) {
  return cn(base, round ? "rounded-full" : "rounded-lg", variants[variant], sizes[size], className);
}
