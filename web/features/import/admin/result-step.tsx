/**
 * The Import dialog's last step (docs/product.md#bulk-import): what the commit wrote, and a link to today's audit
 * log entries of the kind, where each written row is listed (for a role that reads the audit log: a registrar
 * imports students but does not open it; docs/product.md#staff-and-roles).
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { CheckCircle2 } from "lucide-react";
import type { ImportKind } from "@worker/contracts/import";
import { isoDay } from "~/lib/csv";
import { formatNumber } from "~/lib/format";
import { useCan } from "~/lib/use-me";
import type { ImportAnswer } from "./import-api";

const AUDIT_ENTITY: Record<ImportKind, string> = {
  students: "student",
  fees: "fee_record",
  results: "result",
  teachers: "teacher",
};

export function ResultStep({ kind, answer }: { kind: ImportKind; answer: ImportAnswer }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const today = isoDay(new Date());
  const auditable = useCan("audit.read");
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center" role="status">
      <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
      <p className="text-lg font-semibold">{t("importing.done.title")}</p>
      <p data-testid="import-result">
        {t("importing.done.counts", {
          create: n(answer.summary.create),
          update: n(answer.summary.update),
          unchanged: n(answer.summary.unchanged),
        })}
      </p>
      {auditable && (
        <Link
          className="text-sm text-primary underline underline-offset-4"
          to={`/admin/dashboard/audit-log?entity=${AUDIT_ENTITY[kind]}&from=${today}&to=${today}`}
        >
          {t("importing.done.audit")}
        </Link>
      )}
    </div>
  );
}
