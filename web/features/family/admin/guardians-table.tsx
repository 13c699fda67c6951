/**
 * The Guardians list: a table from lg up (Guardian, Mobile, Children, WhatsApp, Family account) and cards below,
 * each row a link to the number's page. Skeleton rows while loading, "No guardian matches" when nothing does, "could
 * not be loaded" with Try again after a failure. Names of any length wrap; numbers stay left to right.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ChevronRight, Contact } from "lucide-react";
import { ListEmpty } from "~/components/data-table/list-empty";
import { Skeleton } from "~/components/ui/skeleton";
import { PhoneText } from "~/features/messages/admin/message-parts";
import { formatNumber } from "~/lib/format";
import { cn } from "~/lib/utils";
import { AccountState, WhatsAppState } from "./guardian-parts";
import { type GuardianRow, guardianPath } from "./guardians-api";

const HEAD = "h-11 px-3 text-start align-middle text-[0.8125rem] font-semibold whitespace-nowrap text-muted-foreground";
const COLUMNS = ["guardian", "phone", "children", "whatsapp", "account"] as const;

export interface GuardiansTableProps {
  rows: GuardianRow[];
  loading: boolean;
  failed: boolean;
  onReload: () => void;
  emptyAction?: ReactNode;
}

function Empty({ failed, onReload, action }: { failed: boolean; onReload: () => void; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ListEmpty
      icon={Contact}
      failed={Boolean(failed)}
      onReload={onReload}
      action={action}
      text={{
        empty: t("guardians.table.empty"),
        emptyHint: t("guardians.table.emptyHint"),
        failed: t("guardians.table.failed"),
        tryAgain: t("guardians.table.tryAgain"),
      }}
    />
  );
}

/** The first children's names and grades, and how many more. */
function Children({ row }: { row: GuardianRow }) {
  const { t, i18n } = useTranslation();
  const more = row.children_count - row.children.length;
  return (
    <ul className="grid min-w-0 gap-0.5">
      {row.children.map((c) => (
        <li key={c.id} className="line-clamp-2 min-w-0 break-words" title={c.full_name}>
          <span dir="auto" className={cn(!c.is_active && "text-muted-foreground line-through")}>
            {c.full_name}
          </span>
          <span className="text-xs text-muted-foreground">
            {" "}
            · {t(`admin.grades.${c.grade}`, { defaultValue: c.grade })}
          </span>
        </li>
      ))}
      {more > 0 && (
        <li className="text-xs text-muted-foreground">
          {t("guardians.table.moreChildren", { n: formatNumber(more, i18n.language) })}
        </li>
      )}
    </ul>
  );
}

/** The guardian's name as a link to the number's page. */
function NameLink({ row }: { row: GuardianRow }) {
  const { t } = useTranslation();
  return (
    <Link
      to={guardianPath(row.phone)}
      className="grid min-w-0 gap-0.5 rounded-sm font-medium break-words outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      aria-label={t("guardians.table.open", { name: row.full_name })}
    >
      <bdi className="line-clamp-3" title={row.full_name}>
        {row.full_name}
      </bdi>
      <span className="text-xs font-normal text-muted-foreground">
        {t(`messages.guardians.relations.${row.relation}`)}
      </span>
    </Link>
  );
}

/** The list, as a table and as cards. */
export function GuardiansTable({ rows, loading, failed, onReload, emptyAction }: GuardiansTableProps) {
  const { t } = useTranslation();
  const showEmpty = !loading && rows.length === 0;
  return (
    <div className="grid min-w-0 gap-3" aria-busy={loading || undefined}>
      <div className="hidden overflow-x-auto rounded-lg border bg-card lg:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("guardians.table.label")}</caption>
          <thead className="bg-muted/50">
            <tr className="border-b">
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className={HEAD}>
                  {t(`guardians.table.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loading &&
              Array.from({ length: 6 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a table row is not focusable
                <tr key={i} className="border-b last:border-0" aria-hidden="true">
                  {COLUMNS.map((c) => (
                    <td key={c} className="px-3 py-3">
                      <Skeleton className="h-4 w-24" />
                    </td>
                  ))}
                </tr>
              ))}
            {showEmpty && (
              <tr>
                <td colSpan={COLUMNS.length}>
                  <Empty failed={failed} onReload={onReload} action={emptyAction} />
                </td>
              </tr>
            )}
            {!loading &&
              rows.map((r) => (
                <tr
                  key={r.phone}
                  className="border-b align-top last:border-0 hover:bg-muted/40"
                  data-guardian={r.phone}
                >
                  <td className="min-w-48 px-3 py-2.5">
                    <NameLink row={r} />
                  </td>
                  <td className="px-3 py-2.5">
                    <PhoneText phone={r.phone} />
                  </td>
                  <td className="px-3 py-2.5">
                    <Children row={r} />
                  </td>
                  <td className="px-3 py-2.5">
                    <WhatsAppState whatsapp={r.whatsapp} optedOut={r.opted_out_at !== null} />
                  </td>
                  <td className="min-w-44 px-3 py-2.5">
                    <AccountState row={r} />
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 lg:hidden" aria-label={t("guardians.table.label")}>
        {loading &&
          Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
            <li key={i} className="grid gap-2 rounded-lg border bg-card p-4" aria-hidden="true">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-4 w-48" />
            </li>
          ))}
        {showEmpty && (
          <li className="rounded-lg border bg-card">
            <Empty failed={failed} onReload={onReload} action={emptyAction} />
          </li>
        )}
        {!loading &&
          rows.map((r) => (
            <li
              key={r.phone}
              className="relative grid gap-2 rounded-lg border bg-card p-4 text-sm"
              data-guardian={r.phone}
            >
              <div className="flex items-start justify-between gap-2">
                <NameLink row={r} />
                <ChevronRight
                  className="mt-0.5 size-4 shrink-0 text-muted-foreground rtl:rotate-180"
                  aria-hidden="true"
                />
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <PhoneText phone={r.phone} />
                <WhatsAppState whatsapp={r.whatsapp} optedOut={r.opted_out_at !== null} />
              </div>
              <Children row={r} />
              <AccountState row={r} />
            </li>
          ))}
      </ul>
    </div>
  );
}
