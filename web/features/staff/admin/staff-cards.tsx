/**
 * The Staff list below 1024 px (docs/product.md#staff-and-roles): one card per account, as the Audit Log does, with
 * the name, role, status, last sign-in, open sessions and the same actions as the table's rows.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "~/components/ui/skeleton";
import type { StaffMember } from "./staff-api";
import { LastSignIn, RoleCell, SessionCount, StaffName, StatusCell } from "./staff-format";
import { StaffRowActions, type StaffRowHandlers } from "./staff-row-actions";

/** One label and value line of a card. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** The cards; `loading` shows placeholders, `empty` replaces the list when there is no account. */
export function StaffCards({
  rows,
  loading,
  empty,
  handlers,
}: {
  rows: StaffMember[];
  loading: boolean;
  empty: ReactNode;
  handlers: StaffRowHandlers;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (loading && rows.length === 0)
    return (
      <ul className="grid gap-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="grid gap-2 rounded-lg border bg-card p-4">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 w-48" />
          </li>
        ))}
      </ul>
    );
  if (rows.length === 0) return <div className="rounded-lg border bg-card">{empty}</div>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={t("staff.table.label")} aria-busy={loading || undefined}>
      {rows.map((m) => (
        <li
          key={m.id}
          className="grid content-start gap-3 rounded-lg border bg-card p-4 text-sm"
          data-staff={m.username}
        >
          <div className="flex items-start justify-between gap-2">
            <StaffName member={m} />
            <StatusCell member={m} t={t} />
          </div>
          <dl className="grid gap-1.5">
            <Fact label={t("staff.table.role")}>
              <RoleCell member={m} t={t} lang={lang} />
            </Fact>
            <Fact label={t("staff.table.lastSignIn")}>
              <LastSignIn iso={m.last_login_at} t={t} lang={lang} />
            </Fact>
            <Fact label={t("staff.table.sessions")}>
              <SessionCount count={m.open_sessions} lang={lang} />
            </Fact>
          </dl>
          <div className="-mx-1 -mb-1 border-t pt-2">
            <StaffRowActions member={m} handlers={handlers} />
          </div>
        </li>
      ))}
    </ul>
  );
}
