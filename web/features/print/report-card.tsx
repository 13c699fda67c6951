/**
 * A printed report card and the batch's cover (docs/product.md#printing, #letter-grades): school letterhead,
 * student, ID, grade, term, a table of subjects (score, max, %, admin-scale letter; "غائب / Absent" for a subject
 * the student missed), total, %, overall letter, how absent subjects were counted (the school's rule,
 * docs/product.md#results), remarks and two signature lines; one A4 sheet, the table never split across pages;
 * "draft" across the page while the term is unpublished.
 */
import { ADMIN_GRADE_SCALE, adminLetterGrade, percentage, round2, scoreTotals } from "@worker/lib/letter-grades";
import type { AbsentRule } from "@worker/lib/absent-mark";
import type { ReportCardBatch, ReportCardData } from "@worker/services/print";
import { Digits, Letterhead, StudentFacts } from "./print-document";
import type { PrintLocale } from "./print-format";

/** One student's report card sheet; `absentRule` is the school's `results_absent_rule`. */
export function ReportCardSheet({
  loc,
  card,
  absentRule,
}: {
  loc: PrintLocale;
  card: ReportCardData;
  absentRule: AbsentRule;
}) {
  const { result, draft } = card;
  const t = loc.t.reportCard;
  const totals = scoreTotals(result.subject_scores, absentRule);
  // Every subject absent and left out: no percentage or letter to print.
  const overall = totals.counted > 0 ? adminLetterGrade(totals.percentage) : "—";
  const overallPct = totals.counted > 0 ? loc.pct(round2(totals.percentage)) : "—";
  return (
    <section className="sheet" data-report-card={result.student_no}>
      {draft && (
        <div className="draft" aria-hidden="true">
          {loc.lang === "ar" ? "مسودة" : "DRAFT"}
        </div>
      )}
      <Letterhead loc={loc} title={t.title} end={draft ? <span className="badge">{t.draft}</span> : undefined} />
      <dl className="facts two">
        <StudentFacts
          loc={loc}
          labels={t}
          name={result.full_name}
          no={result.student_no}
          grade={result.current_grade}
        />
        <dt>{t.academicYear}</dt>
        <dd>
          <Digits>{loc.year(result.academic_year_name)}</Digits>
          {loc.sep}
          {loc.semester(result.semester)}
        </dd>
      </dl>
      <table>
        <thead>
          <tr>
            <th>{t.subject}</th>
            <th className="n">{t.score}</th>
            <th className="n">{t.max}</th>
            <th className="n">{t.percentage}</th>
            <th className="n">{t.letter}</th>
          </tr>
        </thead>
        <tbody>
          {result.subject_scores.map((s) => {
            if (s.score === null)
              return (
                <tr key={s.subject_name} data-absent="">
                  <td>{loc.subject(s.subject_name)}</td>
                  <td className="n">{t.absent}</td>
                  {/* Left out of the total: its max is not in the column's sum either. */}
                  <td className="n">{absentRule === "zero" ? loc.num(s.max_score) : "—"}</td>
                  <td className="n">—</td>
                  <td className="n">—</td>
                </tr>
              );
            const pct = percentage(s.score, s.max_score);
            return (
              <tr key={s.subject_name}>
                <td>{loc.subject(s.subject_name)}</td>
                <td className="n">{loc.num(s.score)}</td>
                <td className="n">{loc.num(s.max_score)}</td>
                <td className="n">
                  <Digits>{loc.pct(round2(pct))}</Digits>
                </td>
                <td className="n">
                  <bdi dir="ltr">{adminLetterGrade(pct)}</bdi>
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <td>{t.total}</td>
            <td className="n">{loc.num(totals.total)}</td>
            <td className="n">{loc.num(totals.max)}</td>
            <td className="n">
              <Digits>{overallPct}</Digits>
            </td>
            <td className="n">
              <bdi dir="ltr">{overall}</bdi>
            </td>
          </tr>
        </tfoot>
      </table>
      {totals.absent > 0 && (
        <p className="block" data-absent-note="">
          {absentRule === "zero" ? t.absentZero : t.absentExcluded}
        </p>
      )}
      <p className="block" data-overall="">
        <strong>
          {t.overall}
          {loc.t.ltrLabelEnd}
        </strong>{" "}
        <bdi dir="ltr" className="amount">
          {overall}
        </bdi>{" "}
        {withDigits(t.overallPct, overallPct)}
      </p>
      <p className="block">
        <strong>{t.remarks}: </strong>
        <span className="line">
          <bdi>{result.remarks ?? ""}</bdi>
        </span>
      </p>
      <GradeScale loc={loc} />
      <div className="signatures">
        <div>
          {t.classTeacher} — {t.signature}
        </div>
        <div>
          {t.principal} — {t.signature}
        </div>
      </div>
    </section>
  );
}

/** The batch's first sheet: "n report cards", the term and grade, and why cards were left out (unpublished term). */
export function BatchCover({
  loc,
  batch,
  issuedAt,
  issuedBy,
  withDraftsHref,
}: {
  loc: PrintLocale;
  batch: ReportCardBatch;
  issuedAt: string;
  issuedBy: string;
  withDraftsHref: string;
}) {
  const t = loc.t.batch;
  const drafts = batch.cards.some((c) => c.draft);
  return (
    <section className="sheet" data-cover="">
      <Letterhead loc={loc} title={t.title} />
      <div className="cover">
        <div className="count">{loc.cardCount(batch.cards.length)}</div>
        <div>
          {batch.grade ? loc.grade(batch.grade) : t.allGrades}
          {loc.sep}
          <Digits>{loc.year(batch.academicYear)}</Digits>
          {loc.sep}
          {loc.semester(batch.semester)}
        </div>
        {drafts && <div className="badge">{t.draftsIncluded}</div>}
        {batch.withheld > 0 && (
          <div>
            <p className="badge">{t.unpublished.replace("{{n}}", loc.num(batch.withheld))}</p>
            <p className="toolbar-only">
              <a href={withDraftsHref}>{t.withDrafts}</a>
            </p>
          </div>
        )}
        {batch.cards.length === 0 && batch.withheld === 0 && <div className="muted">{t.empty}</div>}
        <div className="muted">
          {loc.t.issuedAt}: {loc.dateTime(issuedAt)}
          {loc.sep}
          {loc.t.issuedBy}: <bdi data-issued-by="">{issuedBy}</bdi>
        </div>
      </div>
    </section>
  );
}

/** `template` with its `{{pct}}` as isolated digits. */
function withDigits(template: string, pct: string) {
  const [before = "", after = ""] = template.split("{{pct}}");
  return (
    <>
      {before}
      <Digits>{pct}</Digits>
      {after}
    </>
  );
}

/**
 * The admin letter scale (docs/product.md#letter-grades) in the page's digits, each letter and percentage isolated;
 * the label on a line of its own and the language's separator between items, so no colon, digit or sign sits next
 * to a letter and a PDF's text layer reads every item as written ("A+ من ٩٠٪").
 */
function GradeScale({ loc }: { loc: PrintLocale }) {
  const t = loc.t.reportCard;
  const lowest = ADMIN_GRADE_SCALE[ADMIN_GRADE_SCALE.length - 1]![0];
  const items = [
    ...ADMIN_GRADE_SCALE.map(([min, letter]) => [letter, withDigits(t.scaleFrom, loc.pct(min))] as const),
    ["F", withDigits(t.scaleBelow, loc.pct(lowest))] as const,
  ];
  return (
    <div className="muted block scale" data-scale="">
      <span className="label">{t.scale}:</span>
      {items.map(([letter, range], i) => (
        <span key={letter}>
          <bdi dir="ltr">{letter}</bdi> {range}
          {i < items.length - 1 ? t.scaleSep : null}
        </span>
      ))}
    </div>
  );
}
