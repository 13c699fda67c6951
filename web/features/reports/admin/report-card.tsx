/**
 * A Reports card (docs/product.md#reports): title, the chart or the table of the same
 * figures, a Copy button (tab-separated, for a spreadsheet or a report), an empty state when the year has nothing to
 * draw, a skeleton while loading and a retry when the call failed. The table is always in the page for screen
 * readers; the chart is an image with a label.
 */
import { useDeferredValue, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BarChart3, Copy, Table2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import { toTsv } from "./report-format";
import type { TableModel } from "./report-tables";

/** The table of a chart's figures: a header row, then rows; a cell with `href` links to its list. */
export function ReportTable({ model, caption, className }: { model: TableModel; caption: string; className?: string }) {
  return (
    <div className={cn("max-h-96 overflow-auto rounded-md border print:max-h-none print:overflow-visible", className)}>
      <Table>
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>
            {model.header.map((h) => (
              <TableHead key={h} className="whitespace-nowrap text-start">
                {h}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {model.rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional, rebuilt with the data
            <TableRow key={i}>
              {row.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <TableCell key={j} className={cn("whitespace-nowrap", j > 0 && "tabular-nums")}>
                  {c.href ? (
                    <Link className="text-primary underline-offset-4 hover:underline" to={c.href}>
                      {c.text}
                    </Link>
                  ) : (
                    c.text
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export interface ReportCardProps {
  id: string;
  title: string;
  description?: ReactNode;
  /** null while loading. */
  table: TableModel | null;
  failed?: boolean;
  onRetry?: () => void;
  /** Controls above the chart (a term, a subject, a channel). */
  toolbar?: ReactNode;
  /** Figures shown above the chart (a total, the credits). */
  summary?: ReactNode;
  /** The chart, drawn only when there is something to draw. */
  chart: () => ReactNode;
  className?: string;
}

/** A chart with its table view and copy, or its empty, loading or failed state. */
export function ReportCard({
  id,
  title,
  description,
  table,
  failed,
  onRetry,
  toolbar,
  summary,
  chart,
  className,
}: ReportCardProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<"chart" | "table">("chart");
  const [copied, setCopied] = useState(false);
  const empty = table !== null && table.rows.length === 0;
  // The screen readers' copy of the table is drawn after the chart, in the background (a year of messages is
  // thousands of cells): the chart's figures reach the screen first, also when a card starts with its figures.
  const readerTable = useDeferredValue(table, null);
  const copy = async () => {
    if (!table) return;
    await navigator.clipboard?.writeText(
      toTsv(
        table.header,
        table.rows.map((r) => r.map((c) => c.raw)),
      ),
    );
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Card
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn("gap-4 break-inside-avoid print:shadow-none", className)}
    >
      <CardHeader className="gap-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle id={`${id}-title`} className="text-base">
            {title}
          </CardTitle>
          {table && !empty && (
            <div className="flex gap-1 print:hidden">
              <Button
                size="sm"
                variant={view === "chart" ? "secondary" : "ghost"}
                aria-pressed={view === "chart"}
                onClick={() => setView("chart")}
              >
                <BarChart3 aria-hidden className="size-4" />
                {t("reports.view.chart")}
              </Button>
              <Button
                size="sm"
                variant={view === "table" ? "secondary" : "ghost"}
                aria-pressed={view === "table"}
                onClick={() => setView("table")}
              >
                <Table2 aria-hidden className="size-4" />
                {t("reports.view.table")}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => void copy()}>
                <Copy aria-hidden className="size-4" />
                <span aria-live="polite">{copied ? t("reports.view.copied") : t("reports.view.copy")}</span>
              </Button>
            </div>
          )}
        </div>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-3">
        {toolbar && <div className="flex flex-wrap items-end gap-3 print:hidden">{toolbar}</div>}
        {summary}
        {failed ? (
          <div className="grid place-items-center gap-2 rounded-md border border-dashed p-8 text-sm text-muted-foreground">
            {t("reports.failed")}
            {onRetry && (
              <Button size="sm" variant="outline" onClick={onRetry}>
                {t("reports.retry")}
              </Button>
            )}
          </div>
        ) : table === null ? (
          <Skeleton className="h-64 w-full sm:h-72" />
        ) : empty ? (
          <div className="grid h-40 place-items-center rounded-md border border-dashed text-sm text-muted-foreground">
            {t("reports.empty")}
          </div>
        ) : view === "chart" ? (
          <>
            {chart()}
            <div className="sr-only">{readerTable && <ReportTable model={readerTable} caption={title} />}</div>
          </>
        ) : (
          <ReportTable model={table} caption={title} />
        )}
      </CardContent>
    </Card>
  );
}
