/**
 * /pay — "Pay fees / دفع المصروفات" (docs/product.md#online-payments). The results page's national-ID lookup (same
 * normalisation, limits and refusal), then the student's instalments, any payment still waiting (open it again
 * rather than pay twice) and the amount choice; Pay sends the family to Paymob's checkout. Arabic first, both
 * languages, 360 px up.
 */
import { useTranslation } from "react-i18next";
import { Wallet } from "lucide-react";
import { PageHero } from "~/components/public-ui/page-hero";
import { FamilyHint } from "~/features/family/public/family-hint";
import { PublicLayout } from "~/features/shell/public/public-layout";
import { AmountChoiceForm } from "~/features/pay/public/amount-choice";
import { FeesLookupForm } from "~/features/pay/public/fees-lookup-form";
import { FeesSummary } from "~/features/pay/public/fees-summary";
import { PendingPayments } from "~/features/pay/public/pending-payments";
import { useFeesLookup } from "~/features/pay/public/use-fees-lookup";
import { pageTitle } from "~/i18n";
import type { Route } from "./+types/pay";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "pay.meta.title", { description: "pay.meta.description" });
}

/** The Pay fees page. */
export default function Pay() {
  const { t } = useTranslation();
  const { state, search } = useFeesLookup();
  return (
    <PublicLayout>
      <PageHero
        id="pay-title"
        icon={Wallet}
        eyebrow={t("pay.hero.eyebrow")}
        title={t("pay.hero.title")}
        intro={t("pay.hero.intro")}
      />
      <div className="relative mx-auto -mt-16 grid max-w-4xl gap-6 px-4 pb-16 sm:px-6 md:pb-24">
        <div className="rounded-2xl border bg-card p-5 shadow-lg shadow-blue-950/5 sm:p-7">
          <FeesLookupForm
            loading={state.status === "loading"}
            failure={state.status === "failed" ? state.failure : null}
            onSearch={(id) => void search(id)}
          />
          <FamilyHint page="pay" />
        </div>
        <p className="sr-only" aria-live="polite">
          {state.status === "found" ? state.fees.student.full_name : ""}
        </p>
        {state.status === "found" && (
          <>
            <FeesSummary fees={state.fees} />
            <PendingPayments pending={state.fees.pending} />
            <AmountChoiceForm key={state.nationalId} nationalId={state.nationalId} fees={state.fees} />
          </>
        )}
      </div>
    </PublicLayout>
  );
}
