/**
 * The Reports cards (docs/product.md#reports), each fetching its chart's figures for the year chosen: collection,
 * overdue, receipts by source, marks and pass rates, messages; a card starts from the current year's figures when the
 * Reports page's HTML brought them, without a request. The dashboard shows the first two. The charts'
 * code comes with these cards (visx; the chunk is 30 KB compressed: docs/decisions/0048), so a chart is drawn in the
 * same render as its figures.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatEgp, formatNumber, localDigits } from "~/lib/format";
import { ReportCard } from "./report-card";
import {
  collectionTable,
  marksTable,
  messagesTable,
  overdueListPath,
  overdueTable,
  passTable,
  sourcesTable,
} from "./report-tables";
import {
  type CollectionReportJson,
  getCollection,
  getMessages,
  getOverdue,
  getResults,
  getSources,
  type MessagesReportJson,
  type OverdueReportJson,
  type ResultsReportJson,
  type SourcesReportJson,
} from "./reports-api";
import { useReport } from "./use-report";
import { CollectionChart, MessagesChart, OverdueChart, SourcesChart } from "./charts";
import { MarksChart, PassRateChart } from "./results-charts";

/** A card's year (undefined: the current one) and that year's figures when the page's HTML brought them. */
interface CardProps<T> {
  year?: string;
  initial?: T | null;
}

/** The small native select of a card's toolbar. */
export const REPORT_SELECT =
  "h-8 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

function Choice({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <label className="grid gap-1 text-xs text-muted-foreground">
      {label}
      <select className={REPORT_SELECT} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Collection by month, this year against last year, in EGP or percent of what is due. */
export function CollectionCard({ year, initial }: CardProps<CollectionReportJson>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, failed, reload } = useReport(getCollection, year, initial);
  const [mode, setMode] = useState<"egp" | "percent">("egp");
  const table = useMemo(() => {
    if (!data) return null;
    const model = collectionTable(data, t, lang);
    return data.this_year_collected === 0 && data.last_year_collected === 0 ? { ...model, rows: [] } : model;
  }, [data, t, lang]);
  return (
    <ReportCard
      id="report-collection"
      title={t("reports.collection.title")}
      description={t("reports.collection.description")}
      table={table}
      failed={failed}
      onRetry={reload}
      toolbar={
        <Choice
          label={t("reports.collection.show")}
          value={mode}
          onChange={(v) => setMode(v as "egp" | "percent")}
          options={[
            { value: "egp", label: t("reports.collection.egp") },
            { value: "percent", label: t("reports.collection.percent") },
          ]}
        />
      }
      summary={
        data && (
          <p className="text-sm text-muted-foreground">
            {t("reports.collection.summary", {
              collected: formatEgp(data.this_year_collected, lang),
              due: formatEgp(data.this_year_due, lang),
              last: formatEgp(data.last_year_collected, lang),
            })}
          </p>
        )
      }
      chart={() => data && <CollectionChart data={data} mode={mode} />}
    />
  );
}

/** Overdue by grade and age; each bar and each grade's row open the overdue list of that grade. */
export function OverdueCard({ year, initial }: CardProps<OverdueReportJson>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, failed, reload } = useReport(getOverdue, year, initial);
  const table = useMemo(() => (data ? overdueTable(data, t, lang) : null), [data, t, lang]);
  return (
    <ReportCard
      id="report-overdue"
      title={t("reports.overdue.title")}
      description={t("reports.overdue.description")}
      table={table}
      failed={failed}
      onRetry={reload}
      summary={
        data &&
        data.grades.length > 0 && (
          <p className="text-sm">
            <Link className="text-primary underline-offset-4 hover:underline" to={overdueListPath(data.year.name)}>
              {t("reports.overdue.summary", {
                year: localDigits(data.year.name, lang),
                amount: formatEgp(data.overdue_total, lang),
                students: formatNumber(data.overdue_students, lang),
              })}
            </Link>
          </p>
        )
      }
      chart={() => data && <OverdueChart data={data} />}
    />
  );
}

/** Receipts per week by source, and the credits awaiting refund. */
export function SourcesCard({ year, initial }: CardProps<SourcesReportJson>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, failed, reload } = useReport(getSources, year, initial);
  const table = useMemo(() => (data ? sourcesTable(data, t, lang) : null), [data, t, lang]);
  return (
    <ReportCard
      id="report-sources"
      title={t("reports.sources.title")}
      description={t("reports.sources.description")}
      table={table}
      failed={failed}
      onRetry={reload}
      summary={
        data && (
          <p className="text-sm text-muted-foreground">
            {t("reports.sources.credits", {
              amount: formatEgp(data.credits.amount, lang),
              n: formatNumber(data.credits.count, lang),
            })}
          </p>
        )
      }
      chart={() => data && <SourcesChart data={data} />}
    />
  );
}

/** Marks per subject and term (histogram, pass mark) and pass rate per grade against the term before. */
export function ResultsCards({ year, initial }: CardProps<ResultsReportJson>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, failed, reload } = useReport(getResults, year, initial);
  const [termChoice, setTerm] = useState<"S1" | "S2" | null>(null);
  const [subjectChoice, setSubject] = useState<string | null>(null);
  // Default: the latest term with marks.
  const term = termChoice ?? (data?.subjects.some((s) => s.semester === "S2") ? "S2" : "S1");
  const subjects = (data?.subjects ?? []).filter((s) => s.semester === term);
  const subject = subjects.find((s) => s.subject === subjectChoice) ?? subjects[0];
  const termOptions = (["S1", "S2"] as const).map((v) => ({ value: v, label: t(`reports.results.term.${v}`) }));
  const termPicker = (
    <Choice
      label={t("reports.results.termLabel")}
      value={term}
      onChange={(v) => setTerm(v as "S1" | "S2")}
      options={termOptions}
    />
  );
  const marks = useMemo(() => (data ? marksTable(subject, t, lang) : null), [data, subject, t, lang]);
  const pass = useMemo(() => (data ? passTable(data, term, t, lang) : null), [data, term, t, lang]);
  return (
    <>
      <ReportCard
        id="report-marks"
        title={t("reports.results.marksTitle")}
        description={data && t("reports.results.marksDescription", { mark: formatNumber(data.pass_mark, lang) })}
        table={marks && subject ? marks : marks && { ...marks, rows: [] }}
        failed={failed}
        onRetry={reload}
        toolbar={
          <>
            {termPicker}
            {subjects.length > 0 && (
              <Choice
                label={t("reports.results.subject")}
                value={subject?.subject ?? ""}
                onChange={setSubject}
                options={subjects.map((s) => ({
                  value: s.subject,
                  label: t(`results.subjects.${s.subject}`, { defaultValue: s.subject }),
                }))}
              />
            )}
          </>
        }
        summary={
          subject && (
            <p className="text-sm text-muted-foreground">
              {t("reports.results.marksSummary", {
                subject: t(`results.subjects.${subject.subject}`, { defaultValue: subject.subject }),
                term: t(`reports.results.term.${term}`),
                present: formatNumber(subject.present, lang),
                below: formatNumber(subject.below_pass, lang),
                absent: formatNumber(subject.absent, lang),
              })}
            </p>
          )
        }
        chart={() => data && subject && <MarksChart subject={subject} passMark={data.pass_mark} />}
      />
      <ReportCard
        id="report-pass"
        title={t("reports.results.passTitle")}
        description={t("reports.results.passDescription")}
        table={pass}
        failed={failed}
        onRetry={reload}
        toolbar={termPicker}
        chart={() => data && <PassRateChart data={data} term={term} />}
      />
    </>
  );
}

/** Messages per day by present status, one channel or both. */
export function MessagesCard({ year, initial }: CardProps<MessagesReportJson>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, failed, reload } = useReport(getMessages, year, initial);
  const [channel, setChannel] = useState("all");
  const table = useMemo(() => (data ? messagesTable(data, channel, t, lang) : null), [data, channel, t, lang]);
  return (
    <ReportCard
      id="report-messages"
      title={t("reports.messages.title")}
      description={t("reports.messages.description")}
      table={table}
      failed={failed}
      onRetry={reload}
      toolbar={
        <Choice
          label={t("reports.messages.channel")}
          value={channel}
          onChange={setChannel}
          options={["all", "whatsapp", "sms"].map((c) => ({ value: c, label: t(`reports.messages.channels.${c}`) }))}
        />
      }
      chart={() => data && <MessagesChart data={data} channel={channel} />}
    />
  );
}
