/** Loading spinner with an accessible label. */
import type * as React from "react";
import { LoaderCircle } from "lucide-react";
import { cn } from "~/lib/utils";

/** A spinning icon announced as a status; `label` is read by screen readers. */
export function Spinner({ className, label = "Loading", ...props }: React.ComponentProps<"svg"> & { label?: string }) {
  return <LoaderCircle role="status" aria-label={label} className={cn("size-4 animate-spin", className)} {...props} />;
}
