/**
 * Every year's fee account of one student (docs/product.md#fees), arrears first: earlier years still owing (oldest
 * first, marked Arrears), then the current year, then the rest newest first. Read from `GET /api/fees/{student_no}/years`
 * when the Payments dialog opens; the row of the account the dialog shows is marked.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { useAcademicYears } from "~/features/academic-years/admin/years-api";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { formatEgp, localDigits } from "~/lib/format";
import { listFeeYears, type FeeRecord } from "./fees-api";

/** Arrears (earlier than `current`, still owing) oldest first, then `current`, then the others newest first. */
export function arrearsFirst(fees: FeeRecord[], current: string | null): FeeRecord[] {
  const rank = (f: FeeRecord) =>
    current && f.academic_year_name < current && f.remaining > 0 ? 0 : f.academic_year_name === current ? 1 : 2;
  return [...fees].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (rank(a) === 0
        ? a.academic_year_name.localeCompare(b.academic_year_name)
        : b.academic_year_name.localeCompare(a.academic_year_name)),
  );
}

/** The table of the student's accounts; `shown` is the year of the account the dialog is about. */
export function FeeYears({ studentNo, shown, lang }: { studentNo: string; shown: string; lang: string }) {
  const { t } = useTranslation();
  const { current } = useAcademicYears();
  const onAuthFailure = useHandleAuthFailure();
  const [years, setYears] = useState<{ of: string; fees: FeeRecord[] } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    listFeeYears(studentNo).then(
      (fees) => live && setYears({ of: studentNo, fees }),
      (err) => live && !onAuthFailure(err) && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [studentNo, onAuthFailure]);
  if (failed) return <p className="text-sm text-destructive">{t("fees.years.load")}</p>;
  const fees = years?.of === studentNo ? arrearsFirst(years.fees, current) : [];
  if (fees.length < 2) return null;
  return (
    <div className="overflow-x-auto rounded-lg border" data-testid="fee-years">
      <table className="w-full text-sm">
        <caption className="px-3 pt-2 text-start font-semibold">{t("fees.years.title")}</caption>
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              {t("fees.years.year")}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t("fees.columns.total")}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t("fees.columns.paid")}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t("fees.columns.remaining")}
            </th>
          </tr>
        </thead>
        <tbody>
          {fees.map((f) => {
            const arrears = !!current && f.academic_year_name < current && f.remaining > 0;
            return (
              <tr
                key={f.id}
                className="border-t"
                data-year={f.academic_year_name}
                aria-current={f.academic_year_name === shown || undefined}
              >
                <th scope="row" className="px-3 py-2 text-start font-medium whitespace-nowrap">
                  <bdi>{localDigits(f.academic_year_name, lang)}</bdi>
                  {arrears && (
                    <Badge variant="destructive" className="ms-2">
                      {t("fees.years.arrears")}
                    </Badge>
                  )}
                  {f.academic_year_name === current && (
                    <Badge variant="secondary" className="ms-2">
                      {t("fees.years.current")}
                    </Badge>
                  )}
                </th>
                <td className="px-3 py-2 text-end tabular-nums">{formatEgp(f.total_amount, lang)}</td>
                <td className="px-3 py-2 text-end tabular-nums">{formatEgp(f.paid_amount, lang)}</td>
                <td className={`px-3 py-2 text-end tabular-nums ${arrears ? "text-destructive font-semibold" : ""}`}>
                  {formatEgp(f.remaining, lang)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
