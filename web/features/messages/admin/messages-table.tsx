/**
 * The messages log: a table from lg up (Kind, Channel, To, Status, Student, Time, Retry) and cards below. A failed
 * message shows the provider's reason in the page's language and, for messages.manage, Retry, as does a message
 * still queued well past its time. Skeleton rows while loading, "No messages found" when nothing matches, "could not
 * be loaded" with Try again after a failure.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MessageSquareText, RotateCw } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ListEmpty } from "~/components/data-table/list-empty";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";
import type { Message } from "./messages-api";
import { MessageTime, PhoneText, StatusBadge } from "./message-parts";

export interface MessagesTableProps {
  rows: Message[];
  loading: boolean;
  failed: boolean;
  onReload: () => void;
  /** Set when the person may retry (messages.manage). */
  onRetry?: (id: number) => void;
  retrying: number | null;
  emptyAction?: ReactNode;
}

const HEAD = "h-11 px-3 text-start align-middle text-[0.8125rem] font-semibold whitespace-nowrap text-muted-foreground";
const COLUMNS = ["kind", "channel", "to", "status", "student", "time"] as const;

function Empty({ failed, onReload, action }: { failed: boolean; onReload: () => void; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ListEmpty
      icon={MessageSquareText}
      failed={Boolean(failed)}
      onReload={onReload}
      action={action}
      text={{
        empty: t("messages.table.empty"),
        emptyHint: t("messages.table.emptyHint"),
        failed: t("messages.table.failed"),
        tryAgain: t("messages.table.tryAgain"),
      }}
    />
  );
}

function Student({ m }: { m: Message }) {
  const { t } = useTranslation();
  return (
    <span className="grid min-w-0 gap-0.5">
      <span dir="auto" className="max-w-56 truncate font-medium">
        {m.full_name}
      </span>
      <span className="text-xs text-muted-foreground">
        <bdi dir="ltr" className="font-mono">
          {m.student_no}
        </bdi>{" "}
        · {t(`admin.grades.${m.grade}`, { defaultValue: m.grade })}
      </span>
    </span>
  );
}

/**
 * Why a message failed, in the page's language (`failures.<reason>`; an unknown one with the provider's code), the
 * provider's own words on hover; or, for a queued message late past its time, that it is late.
 */
function Failure({ m }: { m: Message }) {
  const { t } = useTranslation();
  if (m.status === "queued" && m.retryable) {
    return <p className="max-w-72 text-xs text-amber-700 dark:text-amber-400">{t("messages.failures.late")}</p>;
  }
  const f = m.failure;
  if (!f) return null;
  const words =
    f.reason === "unknown" && f.code
      ? t("messages.failures.unknownCode", { code: f.code })
      : t(`messages.failures.${f.reason}`);
  const deadLetter = m.dead_letter && f.reason !== "gave_up";
  return (
    <p className="max-w-72 text-xs text-destructive" title={m.error ?? undefined} data-failure={f.reason}>
      {deadLetter ? `${t("messages.table.deadLetter")} · ` : ""}
      {words}
    </p>
  );
}

function RetryButton({
  m,
  onRetry,
  retrying,
}: {
  m: Message;
  onRetry?: (id: number) => void;
  retrying: number | null;
}) {
  const { t } = useTranslation();
  if (!onRetry || !m.retryable) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={retrying !== null}
      aria-label={t("messages.table.retryFor", { id: m.id })}
      onClick={() => onRetry(m.id)}
    >
      <RotateCw className={cn(retrying === m.id && "animate-spin")} aria-hidden="true" />
      {t("messages.table.retry")}
    </Button>
  );
}

/** The log, as a table and as cards. */
export function MessagesTable({ rows, loading, failed, onReload, onRetry, retrying, emptyAction }: MessagesTableProps) {
  const { t } = useTranslation();
  const showEmpty = !loading && rows.length === 0;
  const kind = (m: Message) => t(`messages.kinds.${m.kind}`);
  const channel = (m: Message) => t(`messages.channels.${m.channel}`);
  return (
    <div className="grid min-w-0 gap-3" aria-busy={loading || undefined}>
      <div className="hidden overflow-x-auto rounded-lg border bg-card lg:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("messages.table.label")}</caption>
          <thead className="bg-muted/50">
            <tr className="border-b">
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className={HEAD}>
                  {t(`messages.table.${c}`)}
                </th>
              ))}
              <th scope="col" className={HEAD}>
                <span className="sr-only">{t("messages.table.retry")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {loading &&
              Array.from({ length: 6 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a table row is not focusable
                <tr key={i} className="border-b last:border-0" aria-hidden="true">
                  {[...COLUMNS, "retry"].map((c) => (
                    <td key={c} className="px-3 py-3">
                      <Skeleton className="h-4 w-20" />
                    </td>
                  ))}
                </tr>
              ))}
            {showEmpty && (
              <tr>
                <td colSpan={7}>
                  <Empty failed={failed} onReload={onReload} action={emptyAction} />
                </td>
              </tr>
            )}
            {!loading &&
              rows.map((m) => (
                <tr key={m.id} className="border-b align-top last:border-0 hover:bg-muted/40" data-message={m.id}>
                  <td className="px-3 py-2.5 font-medium whitespace-nowrap">{kind(m)}</td>
                  <td className="px-3 py-2.5 whitespace-nowrap">{channel(m)}</td>
                  <td className="px-3 py-2.5">
                    <PhoneText phone={m.to} />
                  </td>
                  <td className="grid gap-1 px-3 py-2.5">
                    <StatusBadge status={m.status} />
                    <Failure m={m} />
                  </td>
                  <td className="px-3 py-2">
                    <Student m={m} />
                  </td>
                  <td className="px-3 py-2.5">
                    <MessageTime iso={m.updated_at} />
                  </td>
                  <td className="px-3 py-2 text-end">
                    <RetryButton m={m} onRetry={onRetry} retrying={retrying} />
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 lg:hidden" aria-label={t("messages.table.label")}>
        {loading &&
          Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
            <li key={i} className="grid gap-2 rounded-lg border bg-card p-4" aria-hidden="true">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-4 w-48" />
            </li>
          ))}
        {showEmpty && (
          <li className="rounded-lg border bg-card">
            <Empty failed={failed} onReload={onReload} action={emptyAction} />
          </li>
        )}
        {!loading &&
          rows.map((m) => (
            <li key={m.id} className="grid gap-2 rounded-lg border bg-card p-4 text-sm" data-message={m.id}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{kind(m)}</span>
                <StatusBadge status={m.status} />
              </div>
              <Student m={m} />
              <p className="flex flex-wrap items-center gap-x-2 text-muted-foreground">
                {channel(m)} · <PhoneText phone={m.to} />
              </p>
              <Failure m={m} />
              <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                <MessageTime iso={m.updated_at} />
                <RetryButton m={m} onRetry={onRetry} retrying={retrying} />
              </div>
            </li>
          ))}
      </ul>
    </div>
  );
}
