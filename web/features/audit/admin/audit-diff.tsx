/**
 * The "Details" of an audit row: its `before` and `after` snapshots side by side, field by field
 * (docs/product.md#audit-log). Changed and added fields come first and are highlighted; unchanged fields (and fields
 * a partial update did not touch) are folded under a toggle. A created or deleted record has one side only, so it is
 * shown as a single column of values under that side's heading. Phones keep Before/After side by side under each
 * field's name. The entry number and the request ID tie the row to the server logs.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDown } from "lucide-react";
import { Button } from "~/components/ui/button";
import { formatNumber } from "~/lib/format";
import { cn } from "~/lib/utils";
import type { AuditEntry } from "./audit-api";
import { diffSnapshots, type DiffField } from "./audit-diff-model";
import { fieldLabel } from "./audit-format";
import { AuditValue } from "./audit-value";

type SideName = "before" | "after";

const ROW = {
  two: "grid grid-cols-2 gap-x-3 gap-y-1.5 px-3 py-2.5 sm:grid-cols-[minmax(7rem,12rem)_minmax(0,1fr)_minmax(0,1fr)] sm:gap-x-4",
  one: "grid grid-cols-1 gap-y-1 px-3 py-2.5 sm:grid-cols-[minmax(7rem,12rem)_minmax(0,1fr)] sm:gap-x-4",
};

const TONES: Record<SideName, Partial<Record<DiffField["kind"], string>>> = {
  before: { changed: "bg-red-500/8 ring-1 ring-red-500/20" },
  after: {
    changed: "bg-emerald-500/10 ring-1 ring-emerald-600/20",
    added: "bg-emerald-500/10 ring-1 ring-emerald-600/20",
  },
};

function Side({ field, side, tinted }: { field: DiffField; side: SideName; tinted: boolean }) {
  const { t } = useTranslation();
  const present = side === "before" ? field.hasBefore : field.hasAfter;
  return (
    <div data-side={side} className={cn("min-w-0 rounded-md px-2 py-1 text-sm", tinted && TONES[side][field.kind])}>
      <span className="sr-only">{t(side === "before" ? "audit.diff.before" : "audit.diff.after")}: </span>
      {present ? (
        <AuditValue
          name={field.key}
          value={side === "before" ? field.before : field.after}
          other={field.kind === "changed" ? (side === "before" ? field.after : field.before) : undefined}
        />
      ) : (
        <span className="text-muted-foreground italic">
          {field.kind === "untouched" ? t("audit.diff.notInChange") : "—"}
        </span>
      )}
    </div>
  );
}

function FieldRow({ field, sides }: { field: DiffField; sides: SideName[] }) {
  const { t } = useTranslation();
  const both = sides.length === 2;
  const highlighted = both && (field.kind === "changed" || field.kind === "added");
  return (
    <li className={cn(both ? ROW.two : ROW.one, "border-t first:border-t-0")} data-kind={field.kind}>
      <div className={cn("flex min-w-0 items-start gap-2 sm:pt-1", both && "col-span-2 sm:col-span-1")}>
        <span
          aria-hidden="true"
          className={cn("mt-1.5 size-1.5 shrink-0 rounded-full", highlighted ? "bg-sky-600" : "bg-transparent")}
        />
        <span
          className="text-xs font-semibold break-words text-muted-foreground sm:text-sm sm:font-medium sm:text-foreground"
          title={field.key}
        >
          {fieldLabel(t, field.key)}
          {field.kind === "changed" && <span className="sr-only"> ({t("audit.diff.changedMark")})</span>}
        </span>
      </div>
      {sides.map((s) => (
        <Side key={s} field={field} side={s} tinted={both} />
      ))}
    </li>
  );
}

/** Props: the audit row and an id prefix for the toggle's `aria-controls`. */
export interface AuditDiffProps {
  entry: AuditEntry;
  idPrefix: string;
}

/** The before/after comparison of one audit row. */
export function AuditDiff({ entry, idPrefix }: AuditDiffProps) {
  const { t, i18n } = useTranslation();
  const diff = useMemo(() => diffSnapshots(entry.before, entry.after), [entry.before, entry.after]);
  const [showSame, setShowSame] = useState(diff.changes.length === 0);
  const n = (v: number) => formatNumber(v, i18n.language);
  const sameId = `${idPrefix}-same`;
  const sides: SideName[] = [
    ...(diff.hasBefore ? (["before"] as const) : []),
    ...(diff.hasAfter ? (["after"] as const) : []),
  ];
  const both = sides.length === 2;
  const changed = diff.changes.filter((f) => f.kind !== "context").length;
  const summary = !sides.length
    ? t("audit.diff.noSnapshot")
    : !diff.hasBefore
      ? t("audit.diff.created")
      : !diff.hasAfter
        ? t("audit.diff.deleted")
        : t("audit.diff.summary", { count: changed, formatted: n(changed) });

  return (
    <div className="grid gap-3 text-start">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <p className="font-medium text-foreground">{summary}</p>
        <p className="flex min-w-0 flex-wrap gap-x-3">
          <span>{t("audit.diff.entry", { id: entry.id })}</span>
          {entry.request_id && (
            <span className="min-w-0">
              {t("audit.diff.requestId")}:{" "}
              <span className="block font-mono break-all sm:inline" dir="ltr">
                {entry.request_id}
              </span>
            </span>
          )}
        </p>
      </div>

      {sides.length > 0 && (
        <div className="overflow-hidden rounded-lg border bg-card">
          <div
            className={cn(
              both ? ROW.two : ROW.one,
              "border-b bg-muted/50 py-2 text-xs font-semibold text-muted-foreground",
            )}
            aria-hidden="true"
          >
            <span className="hidden sm:block">{t("audit.diff.field")}</span>
            {sides.map((s) => (
              <span key={s} className="ps-2">
                {t(s === "before" ? "audit.diff.before" : "audit.diff.after")}
                {!both && (
                  <span className="font-normal">
                    {" "}
                    · {t(s === "before" ? "audit.diff.noAfter" : "audit.diff.noBefore")}
                  </span>
                )}
              </span>
            ))}
          </div>
          {diff.changes.length > 0 && (
            <ul aria-label={t("audit.diff.changedFields")}>
              {diff.changes.map((f) => (
                <FieldRow key={f.key} field={f} sides={sides} />
              ))}
            </ul>
          )}
          {diff.unchanged.length > 0 && (
            <div className={cn(diff.changes.length > 0 && "border-t")}>
              <Button
                variant="ghost"
                size="sm"
                className="h-auto w-full justify-start rounded-none px-3 py-2 text-xs text-muted-foreground"
                aria-expanded={showSame}
                aria-controls={sameId}
                onClick={() => setShowSame((v) => !v)}
              >
                <ChevronDown className={cn("transition-transform", showSame && "rotate-180")} aria-hidden="true" />
                {t(showSame ? "audit.diff.hideUnchanged" : "audit.diff.showUnchanged", {
                  count: diff.unchanged.length,
                  formatted: n(diff.unchanged.length),
                })}
              </Button>
              <ul
                id={sameId}
                hidden={!showSame}
                aria-label={t("audit.diff.unchangedFields")}
                className="border-t bg-muted/20"
              >
                {diff.unchanged.map((f) => (
                  <FieldRow key={f.key} field={f} sides={sides} />
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
