/**
 * The found state of /results: the newest published term as the main card, then any earlier published terms
 * (docs/product.md#public-results: `data` is newest first, and the first entry is the main one). After a search, focus moves to the
 * main card's heading so screen readers announce the result and keyboard users continue from there.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ResultCard } from "./result-card";
import type { PublishedResult } from "./use-results-lookup";

/** Prints one card: marks it, lets print.css hide the others, and unmarks it after the print dialog. */
function printCard(card: HTMLElement) {
  const root = document.documentElement;
  const cleanup = () => {
    card.removeAttribute("data-printing");
    root.removeAttribute("data-printing-results");
    window.removeEventListener("afterprint", cleanup);
  };
  card.setAttribute("data-printing", "");
  root.setAttribute("data-printing-results", "");
  window.addEventListener("afterprint", cleanup);
  window.print();
}

/** Cards for every published term; `nationalId` is the normalised ID that was searched. */
export function ResultsPanel({ results, nationalId }: { results: PublishedResult[]; nationalId: string }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [main, ...earlier] = results;

  // biome-ignore lint/correctness/useExhaustiveDependencies: new results move focus to their heading
  useEffect(() => {
    const h = headingRef.current;
    if (!h) return;
    h.focus({ preventScroll: true });
    h.closest("article")?.scrollIntoView({
      behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
      block: "start",
    });
  }, [results]);

  if (!main) return null;
  return (
    <div className="result-card-list space-y-8">
      <ResultCard result={main} nationalId={nationalId} headingRef={headingRef} onPrint={printCard} />
      {earlier.length > 0 && (
        <section aria-labelledby="earlier-results-title" className="space-y-4">
          <h2 id="earlier-results-title" className="text-lg font-bold text-blue-950 print:hidden">
            {t("publicResults.card.earlier")}
          </h2>
          {earlier.map((r) => (
            <ResultCard
              key={`${r.academic_year_name}-${r.semester}`}
              result={r}
              nationalId={nationalId}
              headingLevel="h3"
              onPrint={printCard}
            />
          ))}
        </section>
      )}
    </div>
  );
}
