/**
 * /family/payments/return?payment=… — where Paymob's checkout sends a family back after paying for several children
 * (docs/product.md#family-accounts). It polls the family's payment (session cookie) while it is pending and, once
 * paid, lists each child with the amount and its receipt to print. It only reads: the money is recorded by Paymob's
 * callback or reconciliation. The query Paymob adds is not trusted; only `payment` is read from it.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Printer, ReceiptText } from "lucide-react";
import { PageHero } from "~/components/public-ui/page-hero";
import { buttonClass } from "~/components/public-ui/button-styles";
import { PublicLayout } from "~/features/shell/public/public-layout";
import { returnParams } from "~/features/pay/public/return-params";
import { FAST_POLL_MS } from "~/features/pay/public/use-payment-status";
import { type FamilyPaymentStatus, fetchFamilyPayment } from "~/features/family/public/family-pay-api";
import { ApiFailure } from "~/lib/api";
import { formatEgp } from "~/lib/format";
import { pageTitle } from "~/i18n";
import type { Route } from "./+types/family-payment-return";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "familyPay.returnTitle", { noindex: true });
}

type State = { kind: "checking" } | { kind: "known"; payment: FamilyPaymentStatus } | { kind: "unknown" | "signedOut" };

/** The family payment `paymentId`, read again every 2 s while pending. */
function useFamilyPayment(paymentId: string | null): State {
  const [state, setState] = useState<State>(paymentId ? { kind: "checking" } : { kind: "unknown" });
  useEffect(() => {
    if (!paymentId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const payment = await fetchFamilyPayment(paymentId);
        if (stopped) return;
        setState({ kind: "known", payment });
        if (payment.status === "pending") timer = setTimeout(poll, FAST_POLL_MS);
      } catch (err) {
        if (stopped) return;
        if (err instanceof ApiFailure && err.status === 401) setState({ kind: "signedOut" });
        else if (err instanceof ApiFailure && err.status === 404) setState({ kind: "unknown" });
        else timer = setTimeout(poll, FAST_POLL_MS);
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [paymentId]);
  return state;
}

/** The children of a paid payment, each with its receipt. */
function Receipts({ payment }: { payment: FamilyPaymentStatus }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <ul className="mt-4 grid gap-3">
      {payment.children.map((c) => (
        <li key={c.id} className="rounded-xl border p-3" data-paid-child={c.id}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-bold break-words text-blue-950">{c.full_name}</span>
            <span className="font-bold whitespace-nowrap">{formatEgp(c.amount, lang)}</span>
          </div>
          {c.credit > 0 && (
            <p className="mt-1 text-sm text-amber-900">
              {t("familyPay.credit", { amount: formatEgp(c.credit, lang) })}
            </p>
          )}
          {c.receipt_url && (
            <a
              href={c.receipt_url}
              target="_blank"
              rel="noopener"
              data-receipt-link=""
              className={buttonClass({ variant: "outline", size: "sm", className: "mt-2" })}
            >
              <Printer aria-hidden />
              {t("familyPay.printReceipt", { no: c.receipt_no })}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The result page. */
export default function FamilyPaymentReturn() {
  const { t, i18n } = useTranslation();
  const { paymentId } = returnParams(useLocation().search);
  const state = useFamilyPayment(paymentId);
  const status = state.kind === "known" ? state.payment.status : state.kind;
  return (
    <PublicLayout>
      <PageHero
        id="family-pay-return-title"
        icon={ReceiptText}
        eyebrow={t("family.hero.eyebrow")}
        title={t("familyPay.returnTitle")}
        intro={t("familyPay.returnIntro")}
      />
      <div
        className="relative mx-auto -mt-16 max-w-xl px-4 pb-16 sm:px-6"
        aria-live="polite"
        data-payment-state={status}
      >
        <div className="rounded-2xl border bg-card p-5 shadow-lg shadow-blue-950/5 sm:p-7">
          <p className="text-lg font-bold text-blue-950">{t(`familyPay.status.${status}`)}</p>
          {state.kind === "known" && (
            <>
              <p className="mt-1 text-sm text-muted-foreground">
                {t("familyPay.total")}: {formatEgp(state.payment.amount, i18n.language)}
              </p>
              <Receipts payment={state.payment} />
            </>
          )}
          <a href="/family" className={buttonClass({ variant: "ghost", className: "mt-4" })}>
            {t("familyPay.back")}
          </a>
        </div>
      </div>
    </PublicLayout>
  );
}
