/** Small status pill (shadcn style) with colour variants. */
import type * as React from "react";
import { Slot } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/lib/utils";

/** Class names for a badge variant (also usable on links). */
export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium transition-[color,box-shadow] focus-visible:ring-[3px] focus-visible:ring-ring/50 [&>svg]:pointer-events-none [&>svg]:size-3",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        destructive: "border-transparent bg-destructive/10 text-[oklch(0.48_0.2_27)]",
        // Text tones darkened past the theme tokens so small badge text meets WCAG AA (4.5:1) on the tinted fill.
        success: "border-transparent bg-success/12 text-[oklch(0.42_0.12_150)]",
        warning: "border-transparent bg-warning/15 text-[oklch(0.45_0.12_60)]",
        outline: "text-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

/** A badge; `asChild` renders the child element. */
export function Badge({
  className,
  variant,
  asChild = false,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : "span";
  return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
