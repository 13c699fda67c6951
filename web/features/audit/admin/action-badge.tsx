/** The coloured badge of an audit action (create green, update blue, delete red, add_payment amber, …). */
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";
import { actionLabel, actionTone } from "./audit-format";

/** A badge naming `action` in the console language; the raw action code is its tooltip. */
export function ActionBadge({ action, className }: { action: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" title={action} className={cn("border-transparent", actionTone(action), className)}>
      {actionLabel(t, action)}
    </Badge>
  );
}
