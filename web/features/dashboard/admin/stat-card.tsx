/** A dashboard statistic: icon, label, big value (a skeleton while loading) and a hint line. */
import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Card } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";

/** Props of StatCard. */
export interface StatCardProps {
  label: string;
  /** Formatted value; null shows the `unavailable` text. */
  value: string | null;
  hint: string;
  icon: LucideIcon;
  loading: boolean;
  unavailable: string;
  /** Tailwind classes for the icon badge colours. */
  tone?: string;
  /** A link under the hint (e.g. to the list behind the figure). */
  action?: ReactNode;
  /** Extra classes on the card (e.g. its span in the grid). */
  className?: string;
}

/**
 * One statistic card; announces itself busy while loading. The figure has the card's full width under the label
 * and icon, and its size follows the card's width (a container query: 10% of it, 18-24 px), so an eight-digit EGP
 * total stays on one line in a four-column row at 1280 px and on a 360 px phone, in Cairo or in the fallback font
 * shown before Cairo arrives. Larger figures wrap inside the card instead of widening the page.
 */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  loading,
  unavailable,
  tone = "bg-primary/10 text-primary",
  action,
  className,
}: StatCardProps) {
  return (
    <Card className={cn("gap-0 py-5", className)} aria-busy={loading}>
      <div className="flex items-start justify-between gap-3 px-5">
        <h2 className="min-w-0 pt-1.5 text-sm font-medium text-muted-foreground">{label}</h2>
        <span className={cn("flex size-9 shrink-0 items-center justify-center rounded-lg", tone)}>
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </div>
      <div className="@container px-5">
        <div className="mt-1 flex min-h-9 items-center">
          {loading ? (
            <Skeleton className="h-8 w-32" />
          ) : (
            <p
              data-slot="stat-value"
              className={cn(
                "min-w-0 text-[clamp(1.125rem,10cqi,1.5rem)] leading-tight font-bold tracking-tight tabular-nums wrap-anywhere rtl:tracking-normal",
                value === null && "text-base font-medium text-muted-foreground",
              )}
            >
              {value ?? unavailable}
            </p>
          )}
        </div>
        <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
        {action}
      </div>
    </Card>
  );
}
