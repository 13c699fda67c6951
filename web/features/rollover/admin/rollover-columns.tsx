/**
 * Columns of a grade's students in the Close the year dry run (docs/product.md#the-year-end-rollover): name, student
 * number, the proposed outcome (with what decided it), next year's place, the S2 standing the rule read, and the
 * office's exception (outcome, building, section), which makes the dry run stale until it is run again.
 */
import type { TFunction } from "i18next";
import type { RolloverExceptionInput, StudentDecision } from "@worker/contracts/rollover";
import { EXCEPTION_OUTCOMES } from "@worker/contracts/rollover";
import { BUILDINGS } from "@worker/contracts/list-params";
import { dataTableColumns } from "~/components/data-table";
import { Badge } from "~/components/ui/badge";
import { formatNumber } from "~/lib/format";

const col = dataTableColumns<StudentDecision>();

export interface ExceptionHandlers {
  exceptions: Record<string, RolloverExceptionInput>;
  setException: (studentNo: string, value: Omit<RolloverExceptionInput, "student_no"> | null) => void;
}

const OUTCOME_TONE: Record<StudentDecision["outcome"], string> = {
  promoted: "bg-emerald-100 text-emerald-900",
  retained: "bg-amber-100 text-amber-900",
  graduated: "bg-sky-100 text-sky-900",
  left: "bg-slate-200 text-slate-800",
};

const selectClass = "h-9 rounded-md border bg-background px-2 text-sm";

function ExceptionCell({ s, t, h }: { s: StudentDecision; t: TFunction; h: ExceptionHandlers }) {
  const ex = h.exceptions[s.student_no];
  const set = (patch: Partial<Omit<RolloverExceptionInput, "student_no">>) => {
    const outcome = patch.outcome ?? ex?.outcome;
    if (!outcome) return;
    h.setException(s.student_no, { outcome, building: ex?.building, section: ex?.section, ...patch });
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <select
        aria-label={t("rollover.table.exception", { name: s.full_name })}
        className={selectClass}
        value={ex?.outcome ?? ""}
        onChange={(e) =>
          e.target.value
            ? set({ outcome: e.target.value as (typeof EXCEPTION_OUTCOMES)[number] })
            : h.setException(s.student_no, null)
        }
      >
        <option value="">{t("rollover.table.asProposed")}</option>
        {EXCEPTION_OUTCOMES.map((o) => (
          <option key={o} value={o}>
            {t(`rollover.outcome.${o}`)}
          </option>
        ))}
      </select>
      {ex && ex.outcome !== "left" && (
        <>
          <select
            aria-label={t("rollover.table.building")}
            className={selectClass}
            value={ex.building ?? ""}
            onChange={(e) => set({ building: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">{t("rollover.table.sameBuilding")}</option>
            {BUILDINGS.map((b) => (
              <option key={b} value={b}>
                {t("rollover.table.buildingN", { n: b })}
              </option>
            ))}
          </select>
          <input
            aria-label={t("rollover.table.section")}
            placeholder={t("rollover.table.section")}
            className={`${selectClass} w-20`}
            maxLength={20}
            value={ex.section ?? ""}
            onChange={(e) => set({ section: e.target.value || undefined })}
          />
        </>
      )}
    </div>
  );
}

/** The column definitions; memoise on `t`, `lang` and the handlers. */
export function rolloverColumns(t: TFunction, lang: string, h: ExceptionHandlers) {
  const grade = (g: string | null) => (g ? t(`admin.grades.${g}`, { defaultValue: g }) : "—");
  return col.columns([
    col.accessor("full_name", {
      id: "name",
      header: t("rollover.table.name"),
      meta: { rowHeader: true, cellClassName: "min-w-44", skeletonClassName: "w-40" },
      cell: ({ row }) => (
        <span>
          <bdi>{row.original.full_name}</bdi>
          <span className="block text-xs text-muted-foreground" dir="ltr">
            {row.original.student_no}
          </span>
        </span>
      ),
    }),
    col.accessor("outcome", {
      id: "outcome",
      header: t("rollover.table.outcome"),
      meta: { priority: 1, label: t("rollover.table.outcome") },
      cell: ({ row }) => (
        <span className="flex flex-col items-start gap-1">
          <Badge className={OUTCOME_TONE[row.original.outcome]}>{t(`rollover.outcome.${row.original.outcome}`)}</Badge>
          <span className="text-xs text-muted-foreground">{t(`rollover.source.${row.original.source}`)}</span>
        </span>
      ),
    }),
    col.accessor((s) => s.next_grade ?? "", {
      id: "next",
      header: t("rollover.table.next"),
      meta: { priority: 2, label: t("rollover.table.next") },
      cell: ({ row }) => {
        const s = row.original;
        if (!s.next_grade) return "—";
        const place = [
          t("rollover.table.buildingN", { n: formatNumber(s.next_building ?? s.building, lang) }),
          s.next_section,
        ]
          .filter(Boolean)
          .join(" · ");
        return (
          <span>
            {grade(s.next_grade)}
            <span className="block text-xs text-muted-foreground">{place}</span>
          </span>
        );
      },
    }),
    col.accessor((s) => s.s2_failed ?? -1, {
      id: "s2",
      header: t("rollover.table.s2"),
      meta: { priority: 4, label: t("rollover.table.s2") },
      cell: ({ row }) =>
        row.original.s2_subjects === null
          ? "—"
          : t("rollover.table.failedOf", {
              failed: formatNumber(row.original.s2_failed ?? 0, lang),
              subjects: formatNumber(row.original.s2_subjects, lang),
            }),
    }),
    col.display({
      id: "actions",
      header: t("rollover.table.exceptionHeader"),
      meta: { align: "start" },
      cell: ({ row }) => <ExceptionCell s={row.original} t={t} h={h} />,
    }),
  ]);
}
