/**
 * The empty and failed states of the console's server-paged lists (Messages, Audit Log, Guardians): the list's icon
 * and "nothing matches" with a hint and an optional action (Clear filters), or a warning "could not be loaded" with
 * Try again (`role="alert"`).
 */
import type { ReactNode } from "react";
import { type LucideIcon, RotateCw, TriangleAlert } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** Props of ListEmpty: the texts are already translated. */
export interface ListEmptyProps {
  icon: LucideIcon;
  failed: boolean;
  onReload?: () => void;
  action?: ReactNode;
  text: { empty: string; emptyHint: string; failed: string; tryAgain: string };
}

export function ListEmpty({ icon, failed, onReload, action, text }: ListEmptyProps) {
  const Icon = failed ? TriangleAlert : icon;
  return (
    <div className="grid justify-items-center gap-2 px-4 py-14 text-center" role={failed ? "alert" : undefined}>
      <Icon className={cn("size-8", failed ? "text-destructive/70" : "text-muted-foreground/60")} aria-hidden="true" />
      <p className="font-medium">{failed ? text.failed : text.empty}</p>
      {!failed && <p className="max-w-sm text-sm text-muted-foreground">{text.emptyHint}</p>}
      {failed ? (
        <Button variant="outline" size="sm" className="mt-2" onClick={onReload}>
          <RotateCw aria-hidden="true" />
          {text.tryAgain}
        </Button>
      ) : (
        action
      )}
    </div>
  );
}
