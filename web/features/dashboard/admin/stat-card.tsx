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
}

/** One statistic card; announces itself busy while loading. */
export function StatCard({ label, value, hint, icon: Icon, loading, unavailable, tone = "bg-primary/10 text-primary", action }: StatCardProps) {
  return (
    <Card className="gap-0 py-5" aria-busy={loading}>
      <div className="flex items-start justify-between gap-4 px-5">
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
          <div className="mt-2 flex min-h-9 items-center">
            {loading ? (
              <Skeleton className="h-8 w-32" />
            ) : (
              <p className={cn("text-2xl leading-tight font-bold tracking-tight tabular-nums break-words rtl:tracking-normal", value === null && "text-base font-medium text-muted-foreground sm:text-base")}>
                {value ?? unavailable}
              </p>
            )}
          </div>
          <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
          {action}
        </div>
        <span className={cn("flex size-11 shrink-0 items-center justify-center rounded-xl", tone)}>
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </div>
    </Card>
  );
}
