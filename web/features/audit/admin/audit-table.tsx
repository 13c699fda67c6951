/**
 * The Audit Log list (docs/product.md#audit-log): a table on wide screens (When, Admin, Action, Entity, Student,
 * Entity ID, Details) and cards on phones, each row opening its before/after diff in place. Times are Cairo time with
 * the stored UTC value on hover. The Entity ID is a button that narrows the log to that record's history; the
 * Student (name and national ID, for entries about a student, fee record, payment or result) to that student's. Skeleton rows while loading,
 * "No audit entries found" when nothing matches.
 */
import { Fragment, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDown, ScrollText } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ListEmpty } from "~/components/data-table/list-empty";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";
import type { AuditEntry } from "./audit-api";
import { ActionBadge } from "./action-badge";
import { AuditDiff } from "./audit-diff";
import { entityLabel, formatAuditTime } from "./audit-format";

/** Props of AuditTable. */
export interface AuditTableProps {
  rows: AuditEntry[];
  /** Show skeleton rows instead of `rows` (the rows belong to another query). */
  loading: boolean;
  skeletonRows?: number;
  /** Narrows the log to one record (entity + entity ID). */
  onFilterRecord: (entity: string, entityId: string) => void;
  /** Narrows the log to one student (national ID / student number). */
  onFilterStudent: (studentNo: string) => void;
  /** Shown under the empty-state text, e.g. a Clear Filters button. */
  emptyAction?: ReactNode;
  /** The last load failed: show "could not be loaded" with Retry instead of the empty state. */
  failed?: boolean;
  onRetry?: () => void;
}

const HEAD = "h-11 px-3 text-start align-middle text-[0.8125rem] font-semibold whitespace-nowrap text-muted-foreground";

function DetailsToggle({
  entry,
  open,
  controls,
  onToggle,
  className,
}: {
  entry: AuditEntry;
  open: boolean;
  controls: string;
  onToggle: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant={open ? "secondary" : "outline"}
      size="sm"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={t("audit.table.detailsFor", { id: entry.id })}
      onClick={onToggle}
      className={className}
    >
      {t("audit.table.details")}
      <ChevronDown className={cn("transition-transform", open && "rotate-180")} aria-hidden="true" />
    </Button>
  );
}

function EntityIdButton({
  entry,
  onFilterRecord,
}: {
  entry: AuditEntry;
  onFilterRecord: AuditTableProps["onFilterRecord"];
}) {
  const { t } = useTranslation();
  if (!entry.entity_id) return <span className="text-muted-foreground">—</span>;
  return (
    <button
      type="button"
      dir="auto"
      title={t("audit.table.historyOf")}
      onClick={() => onFilterRecord(entry.entity, entry.entity_id!)}
      className="max-w-48 truncate rounded-sm font-medium tabular-nums text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {entry.entity_id}
    </button>
  );
}

function StudentCell({ entry, onFilterStudent }: { entry: AuditEntry; onFilterStudent: (no: string) => void }) {
  const { t } = useTranslation();
  const s = entry.student;
  if (!s) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="grid min-w-0 gap-0.5">
      {s.full_name && (
        <span dir="auto" className="max-w-56 truncate font-medium">
          {s.full_name}
        </span>
      )}
      <button
        type="button"
        dir="ltr"
        title={t("audit.table.historyOfStudent")}
        onClick={() => onFilterStudent(s.student_no)}
        className="w-fit rounded-sm font-mono text-xs text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {s.student_no}
      </button>
    </span>
  );
}

function Empty({ action, failed, onRetry }: { action?: ReactNode; failed?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <ListEmpty
      icon={ScrollText}
      failed={Boolean(failed)}
      onReload={onRetry}
      action={action}
      text={{
        empty: t("audit.table.empty"),
        emptyHint: t("audit.table.emptyHint"),
        failed: t("audit.table.failed"),
        tryAgain: t("audit.table.retry"),
      }}
    />
  );
}

/** The list with its in-place details. */
export function AuditTable({
  rows,
  loading,
  skeletonRows = 8,
  onFilterRecord,
  onFilterStudent,
  emptyAction,
  failed,
  onRetry,
}: AuditTableProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const when = (e: AuditEntry) => (
    <time dateTime={e.at} title={e.at} className="tabular-nums">
      {formatAuditTime(e.at, i18n.language)}
    </time>
  );
  // Who acted: the display name (the username on hover), or the online system for what Paymob reported.
  const admin = (e: AuditEntry) =>
    e.actor === "online" ? (
      <span data-actor="online">{t("audit.table.onlineActor")}</span>
    ) : e.admin ? (
      <span dir="auto" title={e.admin}>
        {e.admin_name ?? e.admin}
      </span>
    ) : (
      <span className="text-muted-foreground italic">{t("audit.table.unknownAdmin")}</span>
    );
  const showEmpty = !loading && rows.length === 0;

  return (
    // min-w-0: a wide table scrolls inside its box instead of widening the page (768 px with the Student column).
    <div className="grid min-w-0 gap-3" aria-busy={loading || undefined}>
      {/* Wide screens: a real table (seven columns need more than a tablet's width); phones and tablets: cards. */}
      <div className="hidden overflow-x-auto rounded-lg border bg-card lg:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("audit.table.label")}</caption>
          <thead className="bg-muted/50">
            <tr className="border-b">
              <th scope="col" className={HEAD}>
                {t("audit.table.when")}
              </th>
              <th scope="col" className={HEAD}>
                {t("audit.table.admin")}
              </th>
              <th scope="col" className={HEAD}>
                {t("audit.table.action")}
              </th>
              <th scope="col" className={HEAD}>
                {t("audit.table.entity")}
              </th>
              <th scope="col" className={HEAD}>
                {t("audit.table.student")}
              </th>
              <th scope="col" className={HEAD}>
                {t("audit.table.entityId")}
              </th>
              <th scope="col" className={cn(HEAD, "text-end")}>
                <span className="sr-only">{t("audit.table.details")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {loading &&
              Array.from({ length: skeletonRows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a table row is not focusable; the rule mistakes it for one
                <tr key={`s${i}`} className="border-b last:border-0" aria-hidden="true">
                  {["w-40", "w-16", "w-16", "w-24", "w-32", "w-20", "ms-auto w-20"].map((w) => (
                    <td key={w} className="px-3 py-3">
                      <Skeleton className={cn("h-4", w)} />
                    </td>
                  ))}
                </tr>
              ))}
            {showEmpty && (
              <tr>
                <td colSpan={7}>
                  <Empty action={emptyAction} failed={failed} onRetry={onRetry} />
                </td>
              </tr>
            )}
            {!loading &&
              rows.map((e) => {
                const isOpen = open.has(e.id);
                const panel = `audit-details-${e.id}`;
                return (
                  <Fragment key={e.id}>
                    <tr
                      className={cn("border-b transition-colors hover:bg-muted/40", isOpen && "border-b-0 bg-muted/30")}
                      data-entry={e.id}
                    >
                      <td className="px-3 py-2.5 whitespace-nowrap">{when(e)}</td>
                      <td className="px-3 py-2.5 whitespace-nowrap">{admin(e)}</td>
                      <td className="px-3 py-2.5">
                        <ActionBadge action={e.action} />
                      </td>
                      <td className="px-3 py-2.5 whitespace-nowrap">{entityLabel(t, e.entity)}</td>
                      <td className="px-3 py-2">
                        <StudentCell entry={e} onFilterStudent={onFilterStudent} />
                      </td>
                      <td className="px-3 py-2.5">
                        <EntityIdButton entry={e} onFilterRecord={onFilterRecord} />
                      </td>
                      <td className="px-3 py-2 text-end">
                        <DetailsToggle entry={e} open={isOpen} controls={panel} onToggle={() => toggle(e.id)} />
                      </td>
                    </tr>
                    {isOpen && (
                      <tr className="border-b bg-muted/30">
                        <td colSpan={7} id={panel} className="px-3 pt-1 pb-4">
                          <AuditDiff entry={e} idPrefix={panel} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
          </tbody>
        </table>
      </div>

      {/* Phones: one card per entry. */}
      <ul className="grid gap-3 lg:hidden" aria-label={t("audit.table.label")}>
        {loading &&
          Array.from({ length: Math.min(skeletonRows, 5) }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
            <li key={`s${i}`} className="grid gap-2 rounded-lg border bg-card p-4" aria-hidden="true">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-4 w-32" />
            </li>
          ))}
        {showEmpty && (
          <li className="rounded-lg border bg-card">
            <Empty action={emptyAction} failed={failed} onRetry={onRetry} />
          </li>
        )}
        {!loading &&
          rows.map((e) => {
            const isOpen = open.has(e.id);
            const panel = `audit-card-details-${e.id}`;
            return (
              <li key={e.id} className="grid gap-2 rounded-lg border bg-card p-4 text-sm" data-entry={e.id}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <ActionBadge action={e.action} />
                  <span className="text-xs text-muted-foreground">{when(e)}</span>
                </div>
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-semibold">{entityLabel(t, e.entity)}</span>
                  <EntityIdButton entry={e} onFilterRecord={onFilterRecord} />
                </p>
                {e.student && <StudentCell entry={e} onFilterStudent={onFilterStudent} />}
                <div className="flex items-center justify-between gap-2">
                  <p className="min-w-0 truncate text-muted-foreground">
                    {t("audit.table.by")} {admin(e)}
                  </p>
                  <DetailsToggle entry={e} open={isOpen} controls={panel} onToggle={() => toggle(e.id)} />
                </div>
                {isOpen && (
                  <div id={panel} className="-mx-2 mt-1">
                    <AuditDiff entry={e} idPrefix={panel} />
                  </div>
                )}
              </li>
            );
          })}
      </ul>
    </div>
  );
}
