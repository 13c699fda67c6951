/**
 * /results — public exam results by national ID (docs/product.md#public-results).
 * Arabic-first inside the public shell. States: idle → loading → found (result cards) | a modal (not published,
 * fees required, incorrect ID) | inline text (network error, too many attempts). What was typed is kept on failure.
 */
import { Suspense, useRef } from "react";
import { useTranslation } from "react-i18next";
import { BadgeCheck, ClipboardList, ShieldCheck, Wallet } from "lucide-react";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy";
import { PageHero } from "~/components/public-ui/page-hero";
import { FamilyHint } from "~/features/family/public/family-hint";
import { PublicLayout } from "~/features/shell/public/public-layout";
import { LookupForm } from "~/features/results/public/lookup-form";
import { isModalFailure } from "~/features/results/public/outcome";
import { useResultsLookup } from "~/features/results/public/use-results-lookup";
import printCss from "~/features/results/public/print.css?url";
import { pageTitle } from "~/i18n";
import type { Route } from "./+types/results";

/** The print layout (print.css is all `@media print`): linked with media="print", so it does not block rendering. */
export function links() {
  return [{ rel: "stylesheet", href: printCss, media: "print" }];
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "publicResults.meta.title", { description: "publicResults.meta.description" });
}

// Result cards and the failure modals load with the first search, not with the page (its first load stays small,
// docs/decisions/0012-public-page-weight.md); the search starts fetching them alongside the API call.
const loadPanel = () => import("~/features/results/public/results-panel");
const loadOutcome = () => import("~/features/results/public/outcome-dialog");
const ResultsPanel = lazyNamed(loadPanel, "ResultsPanel");
const OutcomeDialog = lazyNamed(loadOutcome, "OutcomeDialog");

const TIPS = [
  { key: "published", icon: BadgeCheck },
  { key: "fees", icon: Wallet },
  { key: "privacy", icon: ShieldCheck },
] as const;

/** The results search page. */
export default function Results() {
  const { t } = useTranslation();
  const { state, search, dismiss } = useResultsLookup();
  const inputRef = useRef<HTMLInputElement>(null);
  const failure = state.status === "failed" ? state.failure : null;
  const modal = isModalFailure(failure) ? failure : null;
  const inline = failure && !isModalFailure(failure) ? failure : null;
  const dialogMounted = useOpenedOnce(modal !== null);

  return (
    <PublicLayout className="results-main" scrollTopHidden={modal !== null}>
      <PageHero
        id="results-title"
        icon={ClipboardList}
        eyebrow={t("publicResults.hero.eyebrow")}
        title={t("publicResults.hero.title")}
        intro={t("publicResults.hero.intro")}
        className="print:hidden"
      />

      <div className="relative mx-auto -mt-16 max-w-4xl px-4 pb-16 sm:px-6 md:pb-24 print:mt-0 print:px-0">
        <div className="rounded-2xl border bg-card p-5 shadow-lg shadow-blue-950/5 sm:p-7 print:hidden">
          <LookupForm
            loading={state.status === "loading"}
            inlineFailure={inline}
            inputRef={inputRef}
            onSearch={(id) => {
              void loadPanel();
              void loadOutcome();
              void search(id);
            }}
          />
          <FamilyHint page="results" />
        </div>

        {/* A short announcement; the card itself is not a live region (it would be read out in full). */}
        <p className="sr-only" aria-live="polite">
          {state.status === "found" ? t("publicResults.card.found", { name: state.results[0]?.full_name }) : ""}
        </p>
        <div className="mt-8">
          {state.status === "found" ? (
            <Suspense fallback={<ResultSkeleton />}>
              <ResultsPanel results={state.results} nationalId={state.nationalId} />
            </Suspense>
          ) : (
            state.status !== "loading" && (
              <section
                aria-labelledby="tips-title"
                className="rounded-2xl border border-dashed bg-muted/30 p-5 sm:p-6 print:hidden"
              >
                <h2 id="tips-title" className="text-base font-bold text-blue-950">
                  {t("publicResults.tips.title")}
                </h2>
                <ul className="mt-3 grid gap-3 sm:grid-cols-3">
                  {TIPS.map(({ key, icon: Icon }) => (
                    <li key={key} className="flex items-start gap-2.5 text-sm leading-relaxed text-muted-foreground">
                      <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                      {t(`publicResults.tips.${key}`)}
                    </li>
                  ))}
                </ul>
              </section>
            )
          )}
          {state.status === "loading" && <ResultSkeleton />}
        </div>
      </div>

      {dialogMounted && (
        <Suspense fallback={null}>
          <OutcomeDialog failure={modal} onClose={dismiss} returnFocusTo={inputRef} />
        </Suspense>
      )}
    </PublicLayout>
  );
}

/** Placeholder card while the lookup runs (the button already says "Searching..."). */
function ResultSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-2xl border bg-card">
      <div className="h-24 animate-pulse bg-blue-950/80" />
      <div className="space-y-4 p-6">
        <div className="grid gap-3 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-16 animate-pulse rounded-xl bg-muted" />
          ))}
        </div>
        <div className="h-48 animate-pulse rounded-xl bg-muted" />
      </div>
    </div>
  );
}
