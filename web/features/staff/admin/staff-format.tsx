/**
 * How a staff account reads in the table and the cards (docs/product.md#staff-and-roles): the name over the
 * username, the role (with the number of classes of a teacher), active or deactivated (and "temporary password" while
 * the person has not chosen theirs), the last sign-in in school time in the page's language, the open sessions.
 */
import type { TFunction } from "i18next";
import { hasAssignedScope } from "@worker/permissions";
import type { StaffRole } from "@common/staff-roles";
import { Badge } from "~/components/ui/badge";
import { formatNumber, formatSchoolDateTime } from "~/lib/format";
import { cn } from "~/lib/utils";
import type { StaffMember } from "./staff-api";

const ROLE_TONE: Record<StaffRole, string> = {
  administrator: "bg-primary/10 text-primary",
  principal: "bg-violet-50 text-violet-800",
  registrar: "bg-sky-50 text-sky-800",
  accountant: "bg-emerald-50 text-emerald-800",
  teacher: "bg-amber-50 text-amber-800",
  viewer: "bg-secondary text-secondary-foreground",
};

/** The display name over the username. */
export function StaffName({ member }: { member: StaffMember }) {
  return (
    // The grid items are spans in the page's direction, so an Arabic name lines up at the start like a Latin one;
    // the <bdi> inside keeps each name's own direction.
    <span className="grid min-w-0 gap-0.5">
      <span className="truncate font-semibold text-foreground">
        <bdi>{member.display_name}</bdi>
      </span>
      <span className="truncate font-mono text-xs font-normal text-muted-foreground">
        <bdi dir="ltr">{member.username}</bdi>
      </span>
    </span>
  );
}

/** The role pill; a teacher's number of classes beside it. */
export function RoleCell({ member, t, lang }: { member: StaffMember; t: TFunction; lang: string }) {
  const classes = member.assignments.length;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge variant="outline" className={cn("border-transparent", ROLE_TONE[member.role])}>
        {t(`staff.roles.${member.role}`)}
      </Badge>
      {hasAssignedScope(member.role) && (
        <span className="text-xs text-muted-foreground">
          {t("staff.table.assignments", { count: classes, formatted: formatNumber(classes, lang) })}
        </span>
      )}
    </span>
  );
}

/** Active / deactivated, and "temporary password" while it is one. */
export function StatusCell({ member, t }: { member: StaffMember; t: TFunction }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge variant={member.is_active ? "success" : "secondary"}>
        {t(member.is_active ? "staff.table.active" : "staff.table.inactive")}
      </Badge>
      {member.is_active && member.must_change_password && (
        <Badge variant="warning">{t("staff.table.mustChange")}</Badge>
      )}
    </span>
  );
}

/** The last sign-in as a `<time>`, or "Never". */
export function LastSignIn({ iso, t, lang }: { iso: string | null; t: TFunction; lang: string }) {
  const text = formatSchoolDateTime(iso, lang);
  return text ? (
    <time dateTime={iso ?? undefined} className="tabular-nums">
      {text}
    </time>
  ) : (
    <span className="text-muted-foreground">{t("staff.table.never")}</span>
  );
}

/** The number of open sessions (muted when none). */
export function SessionCount({ count, lang }: { count: number; lang: string }) {
  return (
    <span className={cn("tabular-nums", count === 0 && "text-muted-foreground")}>{formatNumber(count, lang)}</span>
  );
}
