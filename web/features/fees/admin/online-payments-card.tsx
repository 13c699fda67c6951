/**
 * The Fees page's online payments line (docs/product.md#online-payments): how many are pending and the credits to
 * refund (fees.read), and "Check now" (fees.write), which asks Paymob about every pending payment and records what
 * it answers, as the Cron Trigger does for those pending 30 minutes. Its title opens the Online payments page.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChevronRight, RefreshCw, Wallet } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { toast } from "~/components/ui/lazy-toast";
import { apiClient, call } from "~/lib/api";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { formatEgp } from "~/lib/format";
import { useReasonText } from "~/lib/reason-text";
import { useCan } from "~/lib/use-me";
import { cn } from "~/lib/utils";
import { CONSOLE_PAGES } from "~/features/shell/admin/nav-access";

const listOnline = () => call(apiClient().api.admin["online-payments"].$get({ query: {} }));
const checkNow = () => call(apiClient().api.admin["online-payments"].check.$post());

/** The line; `onChecked` reloads the page's records after a check recorded something. */
export function OnlinePaymentsCard({ onChecked }: { onChecked: () => void }) {
  const { t, i18n } = useTranslation();
  const onAuthFailure = useHandleAuthFailure();
  const { failureText } = useReasonText();
  const canRead = useCan("fees.read");
  const canCheck = useCan("fees.write");
  const [figures, setFigures] = useState<{ pending: number; credit: number } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const r = await listOnline();
      setFigures({ pending: r.pending, credit: r.credit_total });
    } catch (err) {
      onAuthFailure(err);
    }
  }, [onAuthFailure]);

  useEffect(() => {
    if (canRead) void load();
  }, [canRead, load]);

  if (!canRead) return null;
  const check = async () => {
    setBusy(true);
    try {
      const r = await checkNow();
      toast.success(t("fees.online.checked", { ...r, count: r.checked, pending: r.still_pending }));
      await load();
      if (r.paid + r.failed + r.expired > 0) onChecked();
    } catch (err) {
      if (!onAuthFailure(err)) toast.error(failureText(err, t("fees.online.checkFailed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="flex-row flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3" data-online-payments="">
      <h2 className="font-semibold">
        {/* The title opens the Online payments page (the list, filters and CSV). */}
        <Link
          to={CONSOLE_PAGES.onlinePayments.path}
          title={t("fees.online.viewAll")}
          className="flex items-center gap-2 underline-offset-4 hover:text-primary hover:underline"
        >
          <Wallet className="size-4 text-primary" aria-hidden="true" />
          {t("fees.online.title")}
          <ChevronRight className="size-4 text-muted-foreground rtl:rotate-180" aria-hidden="true" />
        </Link>
      </h2>
      {figures && (
        <p className="text-sm text-muted-foreground">
          {t("fees.online.pending", { count: figures.pending })}
          {figures.credit > 0 && ` · ${t("fees.online.credit", { amount: formatEgp(figures.credit, i18n.language) })}`}
        </p>
      )}
      <p className="text-xs text-muted-foreground">{t("fees.online.hint")}</p>
      {canCheck && (
        <Button variant="outline" size="sm" className="ms-auto" onClick={() => void check()} disabled={busy}>
          <RefreshCw aria-hidden="true" className={cn(busy && "animate-spin")} />
          {busy ? t("fees.online.checking") : t("fees.online.checkNow")}
        </Button>
      )}
    </Card>
  );
}
