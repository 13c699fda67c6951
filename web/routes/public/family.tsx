/**
 * /family — "Family account / حساب الأسرة" (docs/product.md#family-accounts). Signed out: the mobile number and the
 * one-time code. Signed in (the `family_session` cookie): the children, each child's results, fees, receipts and
 * messages, the family's sessions and its message preferences. Arabic first, both languages, 360 px up.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { UsersRound } from "lucide-react";
import { PageHero } from "~/components/public-ui/page-hero";
import { PublicLayout } from "~/features/shell/public/public-layout";
import { FamilyAccount } from "~/features/family/public/family-account";
import { type FamilyMe, fetchMe } from "~/features/family/public/family-api";
import { SignInForm } from "~/features/family/public/sign-in-form";
import { pageTitle } from "~/i18n";
import type { Route } from "./+types/family";

/**
 * Whether the request carries a family cookie (its value is HttpOnly: the page cannot read it). Without one the page
 * shows the sign-in at once instead of asking the API and meeting a 401.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { hasCookie: /(?:^|;\s*)family_session=/.test(request.headers.get("Cookie") ?? "") };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "family.meta.title", { description: "family.meta.description" });
}

type State = { status: "loading" } | { status: "signedOut" } | { status: "signedIn"; me: FamilyMe };

/** The family page. */
export default function Family({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>(loaderData.hasCookie ? { status: "loading" } : { status: "signedOut" });
  const load = useCallback(() => {
    fetchMe().then(
      (me) => setState({ status: "signedIn", me }),
      () => setState({ status: "signedOut" }),
    );
  }, []);
  const hasCookie = loaderData.hasCookie;
  useEffect(() => {
    if (hasCookie) load();
  }, [hasCookie, load]);
  return (
    <PublicLayout>
      <PageHero
        id="family-title"
        icon={UsersRound}
        eyebrow={t("family.hero.eyebrow")}
        title={t("family.hero.title")}
        intro={t(state.status === "signedIn" ? "family.hero.introSignedIn" : "family.hero.intro")}
      />
      <div className="relative mx-auto -mt-16 grid max-w-4xl gap-6 px-4 pb-16 sm:px-6 md:pb-24">
        {state.status === "signedIn" ? (
          <FamilyAccount me={state.me} onSignedOut={() => setState({ status: "signedOut" })} reload={load} />
        ) : (
          <div
            className="rounded-2xl border bg-card p-5 shadow-lg shadow-blue-950/5 sm:p-7"
            aria-busy={state.status === "loading"}
          >
            {state.status === "loading" ? (
              <div className="h-40 animate-pulse rounded-xl bg-muted" />
            ) : (
              <SignInForm onSignedIn={load} />
            )}
          </div>
        )}
      </div>
    </PublicLayout>
  );
}
