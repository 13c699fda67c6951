/**
 * The Reports page (docs/product.md#reports): a year chooser (default the current year), then every chart of that
 * year with its table: collection, overdue, receipts by source, marks and pass rates, messages. Prints on A4
 * landscape, two charts a row, without the console's chrome.
 */
import { Component, Suspense, use, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Printer } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useAcademicYears } from "~/features/academic-years/admin/years-api";
import { getBaseUrl } from "~/lib/api";
import { localDigits } from "~/lib/format";
import { ReportCard } from "./report-card";
import { CollectionCard, MessagesCard, OverdueCard, REPORT_SELECT, ResultsCards, SourcesCard } from "./report-cards";
import type {
  CollectionReportJson,
  MessagesReportJson,
  OverdueReportJson,
  ResultsReportJson,
  SourcesReportJson,
} from "./reports-api";

/** Each chart's answer for the current year as the route's loader streams it; null: the server did not read it. */
export interface ReportsFigures {
  collection: Promise<CollectionReportJson | null>;
  overdue: Promise<OverdueReportJson | null>;
  sources: Promise<SourcesReportJson | null>;
  results: Promise<ResultsReportJson | null>;
  messages: Promise<MessagesReportJson | null>;
}

/**
 * Marks `answer` with its outcome when it settles, as React's `use` reads a promise (`status`, `value`, `reason`):
 * one already settled is then read in the render that asks, with no skeleton in between.
 */
export function markSettled(answer: Promise<unknown>): void {
  const p = answer as Promise<unknown> & { status?: string; value?: unknown; reason?: unknown };
  if (p.status) return;
  p.status = "pending";
  p.then(
    (value) => {
      p.status = "fulfilled";
      p.value = value;
    },
    (reason: unknown) => {
      p.status = "rejected";
      p.reason = reason;
    },
  );
}

/** A card while its figures are still on their way with the page: its title and a skeleton. */
function Pending({ id, title }: { id: string; title: string }) {
  return <ReportCard id={id} title={title} table={null} chart={() => null} />;
}

/** The answer of a stream that broke: its card asks the API instead. */
class Broken extends Component<{ children: ReactNode; instead: ReactNode }, { broken: boolean }> {
  state = { broken: false };
  static getDerivedStateFromError() {
    return { broken: true };
  }
  render() {
    return this.state.broken ? this.props.instead : this.props.children;
  }
}

/** Its card with the answer; a component so that `use` suspends only it. */
function Answered<T>({ answer, children }: { answer: Promise<T | null>; children: (initial: T | null) => ReactNode }) {
  return children(use(answer));
}

/**
 * A card with the server's answer once it has streamed in (`use` reads one already in, marked by the route's
 * clientLoader, without a skeleton first); with none, or when the stream broke, a card that asks the API.
 */
function Given<T>({
  answer,
  pending,
  children,
}: {
  answer: Promise<T | null> | undefined;
  pending: ReactNode;
  children: (initial: T | null) => ReactNode;
}) {
  if (!answer) return children(null);
  return (
    <Broken instead={children(null)}>
      <Suspense fallback={pending}>
        <Answered answer={answer}>{children}</Answered>
      </Suspense>
    </Broken>
  );
}

/** A4 landscape, the console's sidebar and header left out (they carry `print:hidden` or are hidden here). */
const PRINT_CSS = `@media print {
  @page { size: A4 landscape; margin: 10mm; }
  body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  aside, header, [data-slot="sidebar"], [data-print-hide] { display: none !important; }
  main, div:has(> main) { padding: 0 !important; margin: 0 !important; }
}`;

/** The page; `figures`: the current year's answers that come with it (docs/decisions/0051). */
export function ReportsPage({ figures }: { figures: ReportsFigures | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { names, current } = useAcademicYears();
  const [chosen, setChosen] = useState<string | null>(null);
  // The server's figures serve the first cards only: a year chosen asks the API from then on, and so does a console
  // pointed at another backend than the server that rendered the page (a base-URL override).
  const [given, setGiven] = useState(figures);
  useEffect(() => {
    if (getBaseUrl() !== window.location.origin) setGiven(null);
  }, []);
  const pending = (id: string, key: string) => <Pending id={`report-${id}`} title={t(`reports.${key}`)} />;
  // The chooser shows the current year until one is chosen; the cards ask for none then (the server's default is the
  // current year), so the years list answering later neither fetches nor draws them again.
  const year = chosen ?? current ?? undefined;
  const asked = chosen ?? undefined;
  const choices = names.toReversed();
  return (
    <div className="mx-auto grid max-w-7xl gap-6 print:max-w-none print:gap-3">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">{t("reports.title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground print:hidden">{t("reports.subtitle")}</p>
        </div>
        <div className="flex items-end gap-2">
          <label className="grid gap-1 text-xs text-muted-foreground">
            {t("reports.year")}
            <select
              className={`${REPORT_SELECT} h-9 min-w-32`}
              value={year ?? ""}
              onChange={(e) => {
                setGiven(null);
                setChosen(e.target.value === current ? null : e.target.value);
              }}
            >
              {year && !choices.includes(year) && <option value={year}>{localDigits(year, lang)}</option>}
              {choices.map((y) => (
                <option key={y} value={y}>
                  {localDigits(y, lang)}
                </option>
              ))}
            </select>
          </label>
          <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
            <Printer aria-hidden className="size-4" />
            {t("reports.print")}
          </Button>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2 print:grid-cols-2 print:gap-3">
        <Given answer={given?.collection} pending={pending("collection", "collection.title")}>
          {(initial) => <CollectionCard key={`c-${asked}`} year={asked} initial={initial} />}
        </Given>
        <Given answer={given?.overdue} pending={pending("overdue", "overdue.title")}>
          {(initial) => <OverdueCard key={`o-${asked}`} year={asked} initial={initial} />}
        </Given>
        <Given answer={given?.sources} pending={pending("sources", "sources.title")}>
          {(initial) => <SourcesCard key={`s-${asked}`} year={asked} initial={initial} />}
        </Given>
        <Given answer={given?.messages} pending={pending("messages", "messages.title")}>
          {(initial) => <MessagesCard key={`m-${asked}`} year={asked} initial={initial} />}
        </Given>
        <Given
          answer={given?.results}
          pending={
            <>
              {pending("marks", "results.marksTitle")}
              {pending("pass", "results.passTitle")}
            </>
          }
        >
          {(initial) => <ResultsCards key={`r-${asked}`} year={asked} initial={initial} />}
        </Given>
      </div>
    </div>
  );
}
