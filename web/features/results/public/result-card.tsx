/**
 * The student's result card (docs/product.md#public-results): name, national ID, the grade the result was filed
 * under (the result's own grade, named from the one grade list `admin.grades`), term, percentage (total ÷ total max
 * × 100, at most 2 decimals), total marks "X / Y", the overall letter grade on the public scale, and a table of
 * subjects with score/max and a coloured grade badge; an absent subject reads "غائب / Absent", and a note says how
 * the school counts it (the result's `absent_rule`, docs/product.md#results). Prints on its own (print.css).
 */
import { useTranslation } from "react-i18next";
import { Award, BookOpen, CalendarDays, IdCard, Percent, Printer, School, Sigma } from "lucide-react";
import { percentage, publicLetterGrade, round2, scoreTotals } from "@worker/lib/letter-grades";
import { formatNumber, formatPercent, localDigits } from "~/lib/format";
import { cn } from "~/lib/utils";
import { Button } from "~/components/ui/button";
import { GradeBadge, gradeTone } from "./grade-badge";
import type { PublishedResult } from "./use-results-lookup";
import { FactList } from "~/components/public-ui/fact-list";

interface ResultCardProps {
  result: PublishedResult;
  nationalId: string;
  headingLevel?: "h2" | "h3";
  /** Called with the card's `<article>` when its Print button is pressed. */
  onPrint: (card: HTMLElement) => void;
  /** Receives the heading, so the page can move focus to it after a search. */
  headingRef?: React.Ref<HTMLHeadingElement>;
}

/**
 * "X / Y", isolated from the text around it. Not forced left-to-right: with Arabic-Indic digits the bidi algorithm
 * lays "٦٣١ / ٦٥٠" out right-to-left, so in both languages the score comes first in reading order.
 */
function Fraction({ score, max, lang }: { score: number; max: number; lang: string }) {
  return (
    <bdi className="whitespace-nowrap tabular-nums">
      {formatNumber(score, lang, { maximumFractionDigits: 2 })} /{" "}
      {formatNumber(max, lang, { maximumFractionDigits: 2 })}
    </bdi>
  );
}

/** One published term of one student, as an `<article>` whose heading is the student's name. */
export function ResultCard({ result, nationalId, headingLevel: Heading = "h2", onPrint, headingRef }: ResultCardProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const totals = scoreTotals(result.subjects, result.absent_rule);
  // Every subject absent and left out: there is no percentage or grade to give.
  const overall = totals.counted > 0 ? publicLetterGrade(totals.percentage) : null;
  const semester = t(`publicResults.card.semesters.${result.semester}`, { defaultValue: result.semester });
  const year = localDigits(result.academic_year_name, lang);
  const term = t("publicResults.card.termValue", { semester, year });
  const headingId = `result-${result.academic_year_name}-${result.semester}`;

  const facts = [
    {
      icon: IdCard,
      label: t("publicResults.card.nationalId"),
      value: (
        <span dir="ltr" className="font-mono tabular-nums">
          {nationalId}
        </span>
      ),
    },
    {
      icon: School,
      label: t("publicResults.card.gradeLevel"),
      value: t(`admin.grades.${result.grade}`, { defaultValue: result.grade }),
    },
    { icon: CalendarDays, label: t("publicResults.card.academicYear"), value: <bdi>{year}</bdi> },
    { icon: BookOpen, label: t("publicResults.card.semester"), value: semester },
  ];

  return (
    <article
      aria-labelledby={headingId}
      data-result-card=""
      className="result-card scroll-mt-24 overflow-hidden rounded-2xl border bg-card shadow-sm"
    >
      {/* Letterhead for the printed copy only. */}
      <div className="hidden items-center gap-3 px-7 py-4 print:flex">
        <img src="/logo.svg" alt="" width={36} height={40} className="h-10 w-9" />
        <div>
          <p className="font-bold text-blue-950">{t("schoolName")}</p>
          <p className="text-sm text-muted-foreground">{t("publicResults.meta.title")}</p>
        </div>
      </div>
      <header className="result-card-header relative flex flex-wrap items-start justify-between gap-3 bg-blue-950 px-5 py-5 text-white sm:px-7">
        <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1 bg-amber-400" />
        <div className="min-w-0">
          <p className="text-sm font-semibold text-amber-300">{term}</p>
          <Heading
            ref={headingRef}
            id={headingId}
            tabIndex={-1}
            className="mt-1 text-xl font-bold text-balance outline-none sm:text-2xl"
          >
            {result.full_name}
          </Heading>
        </div>
        <Button
          variant="outline"
          onClick={(e) => {
            const card = e.currentTarget.closest("article");
            if (card) onPrint(card);
          }}
          title={t("publicResults.card.printTitle")}
          className="result-card-print shrink-0 border-white/40 bg-white/10 text-white hover:bg-white/20 hover:text-white print:hidden"
        >
          <Printer aria-hidden="true" />
          {t("publicResults.card.print")}
        </Button>
      </header>

      <div className="space-y-6 px-5 py-6 sm:px-7">
        <FactList facts={facts} />

        <dl className="grid grid-cols-3 gap-2 sm:gap-4">
          <Stat icon={Percent} label={t("publicResults.card.percentage")}>
            <span className="tabular-nums">{overall ? formatPercent(round2(totals.percentage), lang) : "—"}</span>
          </Stat>
          <Stat icon={Sigma} label={t("publicResults.card.totalMarks")}>
            <Fraction score={totals.total} max={totals.max} lang={lang} />
          </Stat>
          <Stat
            icon={Award}
            label={t("publicResults.card.overallGrade")}
            tone={overall ? gradeTone(overall) : undefined}
          >
            <span dir="ltr">{overall ?? "—"}</span>
          </Stat>
        </dl>

        <SubjectsTable result={result} lang={lang} overallLabel={overall} />
        {totals.absent > 0 && (
          <p className="text-sm leading-relaxed text-amber-900" data-absent-note="">
            {t(result.absent_rule === "zero" ? "publicResults.card.absentZero" : "publicResults.card.absentExcluded")}
          </p>
        )}
        <p className="text-xs leading-relaxed text-muted-foreground">{t("publicResults.card.officialNote")}</p>
      </div>
    </article>
  );
}

function Stat({
  icon: Icon,
  label,
  tone,
  children,
}: {
  icon: typeof Award;
  label: string;
  tone?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-start gap-1 rounded-xl border px-1.5 py-3 text-center sm:px-2 sm:py-4",
        tone ?? "bg-primary/5 text-blue-950",
      )}
    >
      <dt className="flex flex-col items-center gap-1 text-xs font-semibold sm:text-sm">
        <Icon className="size-5 opacity-80" aria-hidden="true" />
        {label}
      </dt>
      <dd className="text-base font-bold sm:text-2xl">{children}</dd>
    </div>
  );
}

function SubjectsTable({
  result,
  lang,
  overallLabel,
}: {
  result: PublishedResult;
  lang: string;
  overallLabel: ReturnType<typeof publicLetterGrade> | null;
}) {
  const { t } = useTranslation();
  const totals = scoreTotals(result.subjects, result.absent_rule);
  const cell = "px-3 py-2.5 sm:px-4";
  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full text-sm">
        <caption className="sr-only">{t("publicResults.card.subjectsCaption")}</caption>
        <thead className="bg-muted/60 text-muted-foreground">
          <tr>
            <th scope="col" className={cn(cell, "text-start font-semibold")}>
              {t("publicResults.card.subject")}
            </th>
            <th scope="col" className={cn(cell, "text-center font-semibold")}>
              {t("publicResults.card.score")}
            </th>
            <th scope="col" className={cn(cell, "text-center font-semibold")}>
              {t("publicResults.card.grade")}
            </th>
          </tr>
        </thead>
        <tbody>
          {result.subjects.map((s) => (
            // A result names each subject once (RESULT_SUBJECT_REPEATED).
            <tr key={s.subject_name} className="border-t">
              <th scope="row" className={cn(cell, "text-start font-semibold text-blue-950")}>
                {t(`publicResults.subjects.${s.subject_name}`, { defaultValue: s.subject_name })}
              </th>
              {s.score === null ? (
                <>
                  <td className={cn(cell, "text-center font-semibold text-amber-900")} data-absent="">
                    {t("publicResults.card.absent")}
                  </td>
                  <td className={cn(cell, "text-center text-muted-foreground")}>—</td>
                </>
              ) : (
                <>
                  <td className={cn(cell, "text-center")}>
                    <Fraction score={s.score} max={s.max_score} lang={lang} />
                  </td>
                  <td className={cn(cell, "text-center")}>
                    <GradeBadge grade={publicLetterGrade(percentage(s.score, s.max_score))} />
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 bg-muted/40 font-bold text-blue-950">
          <tr>
            <th scope="row" className={cn(cell, "text-start")}>
              {t("publicResults.card.totalMarks")}
            </th>
            <td className={cn(cell, "text-center")}>
              <Fraction score={totals.total} max={totals.max} lang={lang} />
            </td>
            <td className={cn(cell, "text-center")}>{overallLabel ? <GradeBadge grade={overallLabel} /> : "—"}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
