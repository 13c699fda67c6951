/**
 * What can be done to one staff account (docs/product.md#staff-and-roles): Edit, and a menu with Reset password,
 * Sessions, its activity in the audit log (the log filtered by the username) and Deactivate / Activate. Shared by
 * the table and the phone cards.
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Ellipsis, History, KeyRound, MonitorSmartphone, Pencil, UserCheck, UserX } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import type { StaffMember } from "./staff-api";

/** The page's handlers for one account. */
export interface StaffRowHandlers {
  onEdit: (member: StaffMember) => void;
  onResetPassword: (member: StaffMember) => void;
  onSessions: (member: StaffMember) => void;
  onToggleActive: (member: StaffMember) => void;
}

/** The audit log filtered to what `username` did. */
export const activityPath = (username: string) =>
  `/admin/dashboard/audit-log?${new URLSearchParams({ admin: username })}`;

/** The Edit button and the menu of one account. */
export function StaffRowActions({ member, handlers }: { member: StaffMember; handlers: StaffRowHandlers }) {
  const { t } = useTranslation();
  const name = member.display_name;
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        className="text-primary"
        aria-label={`${t("staff.actions.edit")} ${name}`}
        onClick={() => handlers.onEdit(member)}
      >
        <Pencil aria-hidden="true" />
        {t("staff.actions.edit")}
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={t("staff.table.actionsFor", { name })}>
            <Ellipsis aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-52">
          <DropdownMenuItem onSelect={() => handlers.onResetPassword(member)}>
            <KeyRound aria-hidden="true" />
            {t("staff.actions.resetPassword")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => handlers.onSessions(member)}>
            <MonitorSmartphone aria-hidden="true" />
            {t("staff.actions.sessions")}
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={activityPath(member.username)}>
              <History aria-hidden="true" />
              {t("staff.actions.activity")}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            variant={member.is_active ? "destructive" : "default"}
            onSelect={() => handlers.onToggleActive(member)}
          >
            {member.is_active ? <UserX aria-hidden="true" /> : <UserCheck aria-hidden="true" />}
            {t(member.is_active ? "staff.actions.deactivate" : "staff.actions.activate")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
