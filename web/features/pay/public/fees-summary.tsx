/**
 * The family's figures on /pay (docs/product.md#online-payments): the student, total / paid / remaining, and the
 * instalments with due date, amount, paid, remaining and status (overdue in red): cards below `sm`, a table above,
 * so nothing overflows at 360 px.
 */
import { useTranslation } from "react-i18next";
import { cn } from "~/components/public-ui/cn";
import { formatEgp, formatSchoolDay, localDigits } from "~/lib/format";
import type { FeesAnswer } from "./pay-api";

type Instalment = FeesAnswer["fee"]["instalments"][number];

const STATUS_TONE: Record<Instalment["status"], string> = {
  paid: "bg-emerald-100 text-emerald-800",
  partially_paid: "bg-amber-100 text-amber-800",
  due: "bg-sky-100 text-sky-800",
  overdue: "bg-red-100 text-red-800",
  upcoming: "bg-slate-100 text-slate-700",
};

/** The line's name in the page's language, with the instalment's number. */
function lineOf(i: Instalment, lang: string) {
  return `${(lang === "en" && i.line_en) || i.line} ${new Intl.NumberFormat(lang === "ar" ? "ar-EG" : "en-EG").format(i.no)}`;
}

function StatusBadge({ status }: { status: Instalment["status"] }) {
  const { t } = useTranslation();
  return (
    <span
      data-status={status}
      className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-bold", STATUS_TONE[status])}
    >
      {t(`pay.instalments.statuses.${status}`)}
    </span>
  );
}

/** Below `sm`: one card per instalment (overdue ones in red). */
function InstalmentCards({ instalments }: { instalments: Instalment[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const egp = (v: number) => formatEgp(v, lang);
  return (
    <ul className="mt-3 grid gap-2 sm:hidden" data-instalments="cards">
      {instalments.map((i) => (
        <li
          key={`${i.line}|${i.no}`}
          className={cn("rounded-xl border p-3", i.status === "overdue" && "border-red-300 bg-red-50")}
        >
          <div className="flex items-center justify-between gap-2">
            <span className="font-bold">{lineOf(i, lang)}</span>
            <StatusBadge status={i.status} />
          </div>
          <p className={cn("mt-1 text-sm", i.status === "overdue" ? "text-red-700" : "text-muted-foreground")}>
            {t("pay.instalments.dueDate")}: {formatSchoolDay(i.due_date, lang)}
          </p>
          <dl className="mt-2 grid grid-cols-3 gap-1 text-sm">
            {(["amount", "paid", "remaining"] as const).map((k) => (
              <div key={k}>
                <dt className="text-xs text-muted-foreground">{t(`pay.instalments.${k}`)}</dt>
                <dd className="font-semibold">{egp(i[k])}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** From `sm` up: the instalments as a table (overdue rows in red). */
function InstalmentTable({ instalments }: { instalments: Instalment[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const egp = (v: number) => formatEgp(v, lang);
  return (
    <table className="mt-3 hidden w-full text-sm sm:table" data-instalments="table">
      <thead>
        <tr className="border-b text-start text-xs text-muted-foreground">
          {(["line", "dueDate", "amount", "paid", "remaining", "status"] as const).map((k) => (
            <th key={k} scope="col" className="px-2 py-2 text-start font-semibold">
              {t(`pay.instalments.${k}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {instalments.map((i) => (
          <tr
            key={`${i.line}|${i.no}`}
            className={cn("border-b last:border-0", i.status === "overdue" && "bg-red-50 text-red-800")}
          >
            <td className="px-2 py-2 font-semibold">{lineOf(i, lang)}</td>
            <td className="px-2 py-2">{formatSchoolDay(i.due_date, lang)}</td>
            <td className="px-2 py-2">{egp(i.amount)}</td>
            <td className="px-2 py-2">{egp(i.paid)}</td>
            <td className="px-2 py-2 font-semibold">{egp(i.remaining)}</td>
            <td className="px-2 py-2">
              <StatusBadge status={i.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Earlier years still owing, oldest first, above the current year (docs/product.md#online-payments). */
function Arrears({ arrears }: { arrears: FeesAnswer["arrears"] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (!arrears.length) return null;
  return (
    <section
      aria-labelledby="pay-arrears"
      className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4"
      data-arrears=""
    >
      <h3 id="pay-arrears" className="text-base font-bold text-red-800">
        {t("pay.summary.arrearsTitle")}
      </h3>
      <ul className="mt-2 grid gap-1 text-sm text-red-900">
        {arrears.map((a) => (
          <li key={a.academic_year_name} data-arrears-year={a.academic_year_name}>
            {t("pay.summary.arrearsYear", {
              year: localDigits(a.academic_year_name, lang),
              remaining: formatEgp(a.remaining, lang),
            })}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-red-800">{t("pay.summary.arrearsNote")}</p>
    </section>
  );
}

/** The student, the arrears first, the current year's totals and its instalments. */
export function FeesSummary({ fees }: { fees: FeesAnswer }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const egp = (v: number) => formatEgp(v, lang);
  const { student, fee } = fees;
  const facts = [
    { key: "total", value: egp(fee.total) },
    { key: "paid", value: egp(fee.paid) },
    { key: "remaining", value: egp(fee.remaining) },
    ...(fee.overdue_amount > 0 ? [{ key: "overdue", value: egp(fee.overdue_amount), danger: true }] : []),
  ];
  return (
    <section aria-labelledby="pay-student" className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="pay-student" className="text-xl font-bold text-blue-950">
        <bdi>{student.full_name}</bdi>
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {t("pay.summary.grade")}: {t(`admin.grades.${student.current_grade}`, { defaultValue: student.current_grade })}
      </p>
      <Arrears arrears={fees.arrears ?? []} />
      <p className="mt-4 text-sm font-semibold text-blue-950" data-year={fee.academic_year_name}>
        {t("pay.summary.year", { year: localDigits(fee.academic_year_name, lang) })}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {facts.map((f) => (
          <div key={f.key} className={cn("rounded-xl bg-muted/50 p-3", "danger" in f && "bg-red-50")}>
            <dt className="text-xs font-semibold text-muted-foreground">{t(`pay.summary.${f.key}`)}</dt>
            <dd className={cn("mt-1 text-base font-bold", "danger" in f ? "text-red-700" : "text-blue-950")}>
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
      {fee.remaining === 0 && !fees.arrears?.length && (
        <p className="mt-4 font-semibold text-emerald-700">{t("pay.summary.allPaid")}</p>
      )}
      <h3 className="mt-6 text-base font-bold text-blue-950">{t("pay.instalments.caption")}</h3>
      {fee.instalments.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("pay.instalments.none")}</p>
      ) : (
        <>
          <InstalmentCards instalments={fee.instalments} />
          <InstalmentTable instalments={fee.instalments} />
        </>
      )}
    </section>
  );
}
