/** Pulsing placeholder shown while content loads. */
import type * as React from "react";
import { cn } from "~/lib/utils";

/** A grey pulsing block; size it with classes. */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted-foreground/15", className)}
      {...props}
    />
  );
}
