/**
 * Columns of the Staff table (docs/product.md#staff-and-roles) on wide screens: Name (username under it), Role,
 * Status, Last sign-in, Open sessions, Actions. Sorted on the client (the list is short and whole).
 */
import type { TFunction } from "i18next";
import { dataTableColumns } from "~/components/data-table";
import type { StaffMember } from "./staff-api";
import { LastSignIn, RoleCell, SessionCount, StaffName, StatusCell } from "./staff-format";
import { StaffRowActions, type StaffRowHandlers } from "./staff-row-actions";
import { STAFF_ROLES } from "@common/staff-roles";

const col = dataTableColumns<StaffMember>();

/** The column definitions; memoise on `t`, `lang` and the handlers. */
export function staffColumns(t: TFunction, lang: string, handlers: StaffRowHandlers) {
  return col.columns([
    col.accessor("display_name", {
      id: "name",
      header: t("staff.table.name"),
      meta: { rowHeader: true, cellClassName: "min-w-48", skeletonClassName: "w-40" },
      cell: ({ row }) => <StaffName member={row.original} />,
    }),
    col.accessor((m) => STAFF_ROLES.indexOf(m.role), {
      id: "role",
      header: t("staff.table.role"),
      meta: { priority: 1, skeletonClassName: "w-24" },
      cell: ({ row }) => <RoleCell member={row.original} t={t} lang={lang} />,
    }),
    col.accessor((m) => (m.is_active ? 0 : 1), {
      id: "status",
      header: t("staff.table.status"),
      meta: { priority: 2, skeletonClassName: "w-20" },
      cell: ({ row }) => <StatusCell member={row.original} t={t} />,
    }),
    col.accessor((m) => m.last_login_at ?? "", {
      id: "last_login_at",
      header: t("staff.table.lastSignIn"),
      meta: { priority: 3, skeletonClassName: "w-32" },
      cell: ({ row }) => <LastSignIn iso={row.original.last_login_at} t={t} lang={lang} />,
    }),
    col.accessor("open_sessions", {
      id: "open_sessions",
      header: t("staff.table.sessions"),
      meta: { priority: 4, align: "end", skeletonClassName: "ms-auto w-8" },
      cell: ({ getValue }) => <SessionCount count={getValue()} lang={lang} />,
    }),
    col.display({
      id: "actions",
      header: t("staff.table.actions"),
      meta: { align: "end", skeletonClassName: "ms-auto w-24" },
      cell: ({ row }) => <StaffRowActions member={row.original} handlers={handlers} />,
    }),
  ]);
}
