/**
 * One child on /family (docs/product.md#family-accounts): published results by term (or why not, with the amount
 * to pay when fees withhold them), fees by year with arrears first and each instalment, receipts to open, and the
 * messages sent about the child. Lists and cards only, so nothing overflows at 360 px.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileText } from "lucide-react";
import { buttonClass } from "~/components/public-ui/button-styles";
import { cn } from "~/components/public-ui/cn";
import { formatEgp, formatNumber, formatSchoolDateTime, formatSchoolDay } from "~/lib/format";
import { type ChildDetail, fetchChild } from "./family-api";

const TABS = ["results", "fees", "receipts", "messages"] as const;
type Tab = (typeof TABS)[number];

const card = "rounded-xl border bg-card p-4 shadow-sm";
const muted = "text-sm text-muted-foreground";

/** Year names with the page's digits ("٢٠٢٥-٢٠٢٦"). */
const yearOf = (y: string, lang: string) =>
  y
    .split("-")
    .map((n) => formatNumber(Number(n), lang, { useGrouping: false }))
    .join("-");

function Results({ results }: { results: ChildDetail["results"] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (results.status === "none") return <p className={muted}>{t("family.results.none")}</p>;
  if (results.status === "not_published") return <p className={muted}>{t("family.results.notPublished")}</p>;
  if (results.status === "withheld")
    return (
      <div className={cn(card, "border-amber-300 bg-amber-50")} data-testid="results-withheld">
        <p className="font-bold text-amber-900">{t("family.results.withheld")}</p>
        <p className="mt-1 text-sm text-amber-900">{t(`family.results.${results.rule}`)}</p>
        <p className="mt-2 text-lg font-bold text-amber-950">
          {t("family.results.toPay")}: {formatEgp(results.amount_to_pay, lang)}
        </p>
        <a href="/pay" className={buttonClass({ variant: "outline", className: "mt-3" })}>
          {t("family.results.payLink")}
        </a>
      </div>
    );
  return (
    <div className="grid gap-3">
      {results.terms.map((term) => (
        <section key={`${term.academic_year_name}/${term.semester}`} className={card}>
          <h4 className="font-bold text-blue-950">
            {t(`family.results.semesters.${term.semester}`)} · {yearOf(term.academic_year_name, lang)}
          </h4>
          <ul className="mt-2 divide-y">
            {term.subjects.map((s) => (
              <li key={s.subject_name} className="flex items-baseline justify-between gap-3 py-1.5 text-sm">
                <span>{s.subject_name}</span>
                <span className="font-semibold tabular-nums">
                  {s.absent || s.score === null
                    ? t("family.results.absent")
                    : `${formatNumber(s.score, lang)} / ${formatNumber(s.max_score, lang)}`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

const TONE: Record<string, string> = {
  paid: "bg-emerald-100 text-emerald-800",
  partially_paid: "bg-amber-100 text-amber-800",
  due: "bg-sky-100 text-sky-800",
  overdue: "bg-red-100 text-red-800",
  upcoming: "bg-slate-100 text-slate-700",
};

function Fees({ fees }: { fees: ChildDetail["fees"] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (!fees.length) return <p className={muted}>{t("family.fees.none")}</p>;
  return (
    <div className="grid gap-3">
      {fees.map((f) => (
        <section
          key={f.academic_year_name}
          className={cn(card, f.arrears && "border-red-300")}
          data-year={f.academic_year_name}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="font-bold text-blue-950">
              {t("family.fees.year", { year: yearOf(f.academic_year_name, lang) })}
            </h4>
            {f.arrears && (
              <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-bold text-red-800">
                {t("family.fees.arrears")}
              </span>
            )}
          </div>
          <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
            {(["total", "paid", "remaining"] as const).map((k) => (
              <div key={k}>
                <dt className="text-xs text-muted-foreground">{t(`family.fees.${k}`)}</dt>
                <dd className="font-semibold">{formatEgp(f[k], lang)}</dd>
              </div>
            ))}
          </dl>
          {f.instalments.length > 0 && (
            <ul className="mt-3 grid gap-1.5">
              {f.instalments.map((i) => (
                <li
                  key={`${i.line}|${i.no}`}
                  className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg bg-muted/50 px-3 py-2 text-sm"
                >
                  <span className="font-medium">
                    {(lang === "en" && i.line_en) || i.line} {formatNumber(i.no, lang)}
                  </span>
                  <span className={muted}>
                    {t("family.fees.dueDate")}: {formatSchoolDay(i.due_date, lang)}
                  </span>
                  <span className="font-semibold">{formatEgp(i.remaining > 0 ? i.remaining : i.amount, lang)}</span>
                  <span className={cn("rounded-full px-2 py-0.5 text-xs font-bold", TONE[i.status])}>
                    {t(`family.fees.statuses.${i.status}`)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

function Receipts({ receipts }: { receipts: ChildDetail["receipts"] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (!receipts.length) return <p className={muted}>{t("family.receipts.none")}</p>;
  return (
    <ul className="grid gap-2">
      {receipts.map((r) => (
        <li key={r.receipt_no} className={cn(card, "flex flex-wrap items-center justify-between gap-2")}>
          <div>
            <p className="font-semibold">{formatEgp(r.amount, lang)}</p>
            <p className={muted}>
              {formatSchoolDateTime(r.paid_at, lang)} · {t(`family.receipts.${r.source}`)}
            </p>
          </div>
          <a href={r.url} target="_blank" rel="noopener" className={buttonClass({ variant: "outline", size: "sm" })}>
            <FileText aria-hidden />
            <bdi>{t("family.receipts.open", { no: r.receipt_no })}</bdi>
          </a>
        </li>
      ))}
    </ul>
  );
}

function Messages({ messages }: { messages: ChildDetail["messages"] }) {
  const { t, i18n } = useTranslation();
  if (!messages.length) return <p className={muted}>{t("family.messages.none")}</p>;
  return (
    <ul className="grid gap-2">
      {messages.map((m) => (
        <li key={m.id} className={card}>
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
            <span className="font-bold text-blue-950">{t(`family.messages.kinds.${m.kind}`)}</span>
            <span>
              {formatSchoolDateTime(m.created_at, i18n.language)} · {t(`family.messages.channels.${m.channel}`)} ·{" "}
              {t(`family.messages.statuses.${m.status}`)}
            </span>
          </div>
          <p className="mt-1.5 text-sm leading-relaxed break-words" dir="auto">
            {m.body}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The child's tabs, loaded when shown. */
export function ChildPanel({ childId }: { childId: number }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>("results");
  const [detail, setDetail] = useState<ChildDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setDetail(null);
    setFailed(false);
    fetchChild(childId).then(
      (d) => live && setDetail(d),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [childId]);
  return (
    <div className="grid gap-3">
      <div role="tablist" className="flex gap-1 overflow-x-auto rounded-lg bg-muted p-1">
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            onClick={() => setTab(k)}
            className={cn(
              "min-w-0 flex-1 rounded-md px-1 py-2 text-[13px] font-semibold whitespace-nowrap sm:px-2 sm:text-sm",
              tab === k ? "bg-card text-blue-950 shadow-sm" : "text-muted-foreground",
            )}
          >
            {t(`family.tabs.${k}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-busy={!detail && !failed}>
        {failed ? (
          <p className="text-sm text-red-700">{t("family.errors.network")}</p>
        ) : !detail ? (
          <div className="h-24 animate-pulse rounded-xl bg-muted" />
        ) : tab === "results" ? (
          <Results results={detail.results} />
        ) : tab === "fees" ? (
          <Fees fees={detail.fees} />
        ) : tab === "receipts" ? (
          <Receipts receipts={detail.receipts} />
        ) : (
          <Messages messages={detail.messages} />
        )}
      </div>
    </div>
  );
}
