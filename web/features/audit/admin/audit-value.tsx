/**
 * One snapshot value in the before/after diff:
 * - text with `dir="auto"` (Arabic names and titles read right to left inside the English console, and the
 *   reverse), wrapped, long text scrolling inside a capped height;
 * - ISO times in Cairo time, the stored value on hover;
 * - money: fields in piastres (`*_piastres`) as EGP with a "stored as … piastres" note, API amounts already in EGP;
 * - flags as Yes/No;
 * - a list of records (subject scores, payments) as a small table whose cells that differ from the other side's
 *   same row are highlighted; a nested record as a list of "name: value"; anything else as wrapped JSON.
 */
import { useTranslation } from "react-i18next";
import { formatEgp, formatNumber } from "~/lib/format";
import { cn } from "~/lib/utils";
import { isEgpKey, isPiastresKey, snakeKey, stableJson } from "./audit-diff-model";
import { fieldLabel, formatAuditTime, isIsoDateTime } from "./audit-format";

/** Props: the field's `name` (for money detection), its `value`, and the other side's value (for highlights). */
export interface AuditValueProps {
  name: string;
  value: unknown;
  /** The same field on the other side of the diff; list cells that differ from it are highlighted. */
  other?: unknown;
  className?: string;
}

type Row = Record<string, unknown>;
const FOCUS = "outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";
const isRow = (v: unknown): v is Row => typeof v === "object" && v !== null && !Array.isArray(v);

/** A list of records as a table; `other` is the other side's list (cells that differ are marked). */
function RecordTable({ rows, other }: { rows: Row[]; other: unknown }) {
  const { t } = useTranslation();
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const otherRows = Array.isArray(other) ? other : null;
  return (
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users scroll a wide list on a phone (axe scrollable-region-focusable)
      tabIndex={0}
      className={cn("max-h-72 overflow-auto rounded border bg-background", FOCUS)}
    >
      <table className="w-full text-xs">
        <thead className="bg-muted/60">
          <tr>
            {keys.map((k) => (
              <th
                key={k}
                scope="col"
                className="px-2 py-1 text-start font-semibold whitespace-nowrap text-muted-foreground"
                title={k}
              >
                {fieldLabel(t, snakeKey(k))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const o = otherRows?.[i];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one value never reorder
              <tr key={i} className="border-t align-top">
                {keys.map((k) => {
                  const differs = otherRows !== null && (!isRow(o) || stableJson(o[k]) !== stableJson(r[k]));
                  return (
                    <td key={k} className={cn("px-2 py-1", differs && "bg-amber-400/20 font-semibold")}>
                      <AuditValue name={k} value={r[k]} />
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A rendered value (never blank: null reads "empty"). */
export function AuditValue({ name, value, other, className }: AuditValueProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (value === null || value === undefined || value === "") {
    return <span className={cn("text-muted-foreground italic", className)}>{t("audit.diff.empty")}</span>;
  }
  if (typeof value === "boolean") {
    return <span className={className}>{t(value ? "audit.diff.yes" : "audit.diff.no")}</span>;
  }
  if (typeof value === "number" && isPiastresKey(name)) {
    return (
      <span className={cn("grid", className)}>
        <span className="font-medium tabular-nums">{formatEgp(value / 100, lang)}</span>
        <span className="text-xs text-muted-foreground">
          {t("audit.diff.piastresNote", { value: formatNumber(value, lang) })}
        </span>
      </span>
    );
  }
  if (typeof value === "number") {
    return (
      <span className={cn("tabular-nums", className)}>{isEgpKey(name) ? formatEgp(value, lang) : String(value)}</span>
    );
  }
  if (typeof value === "string" && isIsoDateTime(value)) {
    return (
      <time dateTime={value} title={value} className={cn("tabular-nums", className)}>
        {formatAuditTime(value, lang)}
      </time>
    );
  }
  if (typeof value === "string") {
    return (
      <span
        dir="auto"
        tabIndex={value.length > 120 ? 0 : undefined}
        className={cn("block max-h-48 overflow-y-auto break-words whitespace-pre-wrap", FOCUS, className)}
      >
        {value}
      </span>
    );
  }
  if (Array.isArray(value) && value.length > 0 && value.every(isRow)) {
    return <RecordTable rows={value} other={other} />;
  }
  if (isRow(value) && Object.keys(value).length > 0) {
    const o = isRow(other) ? other : null;
    return (
      <dl className={cn("grid gap-1 rounded border bg-background p-2 text-xs", className)}>
        {Object.entries(value).map(([k, v]) => (
          <div
            key={k}
            className={cn(
              "flex flex-wrap gap-x-2",
              o && stableJson(o[k]) !== stableJson(v) && "rounded bg-amber-400/20 font-semibold",
            )}
          >
            <dt className="text-muted-foreground" title={k}>
              {fieldLabel(t, snakeKey(k))}:
            </dt>
            <dd className="min-w-0">
              <AuditValue name={k} value={v} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <pre
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users scroll a long value (axe scrollable-region-focusable)
      tabIndex={0}
      dir="ltr"
      className={cn(
        "max-h-64 overflow-auto rounded bg-muted/60 p-2 text-start font-mono text-xs break-all whitespace-pre-wrap",
        FOCUS,
        className,
      )}
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
