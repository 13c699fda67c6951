/**
 * /pay/return?payment=… — where Paymob's checkout sends the family back (docs/product.md#online-payments). It shows
 * paid, pending (amount, deadline, the kiosk reference) or declined by polling the server for the payment's status;
 * the query Paymob adds (joined with "&", or a second "?") is not trusted and records nothing: only the kiosk
 * reference is shown from it, and remembered in this browser so /pay and this page can show it again.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { ReceiptText } from "lucide-react";
import { PageHero } from "~/components/public-ui/page-hero";
import { PublicLayout } from "~/features/shell/public/public-layout";
import { PaymentResult } from "~/features/pay/public/payment-result";
import { rememberedKioskRef, rememberKioskRef, returnParams } from "~/features/pay/public/return-params";
import { usePaymentStatus } from "~/features/pay/public/use-payment-status";
import { pageTitle } from "~/i18n";
import type { Route } from "./+types/pay-return";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "pay.meta.returnTitle", { noindex: true });
}

/** The result page. */
export default function PayReturn() {
  const { t } = useTranslation();
  const { paymentId, kioskRef: carried } = returnParams(useLocation().search);
  const [kioskRef, setKioskRef] = useState(carried);
  useEffect(() => {
    if (!paymentId) return;
    if (carried) rememberKioskRef(paymentId, carried);
    else setKioskRef(rememberedKioskRef(paymentId));
  }, [paymentId, carried]);
  const state = usePaymentStatus(paymentId);
  const announced = state.kind === "known" ? state.payment.status : state.kind;
  return (
    <PublicLayout>
      <PageHero
        id="pay-return-title"
        icon={ReceiptText}
        eyebrow={t("pay.hero.eyebrow")}
        title={t("pay.meta.returnTitle")}
        intro={t("pay.hero.title")}
      />
      <div
        className="relative mx-auto -mt-16 max-w-xl px-4 pb-16 sm:px-6"
        aria-live="polite"
        data-payment-state={announced}
      >
        <PaymentResult state={state} kioskRef={kioskRef} />
      </div>
    </PublicLayout>
  );
}
