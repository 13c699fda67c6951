/**
 * Course-selection section navigation (docs/product.md#course-selection): four cards — Overview, Subjects, Teachers, Selection Periods —
 * linking to the section's pages, the current one highlighted and marked `aria-current="page"`. Shown at the top of
 * all four pages; two columns on phones, four from `lg`.
 */
import { NavLink } from "react-router";
import { useTranslation } from "react-i18next";
import { BookOpen, CalendarClock, LayoutDashboard, Users, type LucideIcon } from "lucide-react";
import { cn } from "~/lib/utils";

/** The section's base path and its pages. */
export const COURSE_SELECTIONS_PATH = "/admin/dashboard/course-selections";

const SECTIONS: { key: "overview" | "subjects" | "teachers" | "periods"; to: string; icon: LucideIcon }[] = [
  { key: "overview", to: COURSE_SELECTIONS_PATH, icon: LayoutDashboard },
  { key: "subjects", to: `${COURSE_SELECTIONS_PATH}/subjects`, icon: BookOpen },
  { key: "teachers", to: `${COURSE_SELECTIONS_PATH}/teachers`, icon: Users },
  { key: "periods", to: `${COURSE_SELECTIONS_PATH}/periods`, icon: CalendarClock },
];

/** The four section cards. */
export function SectionNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("courseSelection.nav.label")}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {SECTIONS.map(({ key, to, icon: Icon }) => (
          <li key={key} className="min-w-0">
            <NavLink
              to={to}
              end
              className={({ isActive }) =>
                cn(
                  "group flex h-full items-center gap-3 rounded-xl border bg-card p-3 shadow-xs transition-colors outline-none sm:p-4",
                  "hover:border-primary/40 hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  isActive && "border-primary bg-primary/5 ring-1 ring-primary hover:border-primary hover:bg-primary/5",
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cn(
                      "flex size-9 shrink-0 items-center justify-center rounded-lg transition-colors sm:size-10",
                      isActive
                        ? "bg-primary text-primary-foreground"
                        : "bg-muted text-muted-foreground group-hover:text-foreground",
                    )}
                  >
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="grid min-w-0">
                    <span className={cn("text-sm leading-tight font-semibold sm:truncate", isActive && "text-primary")}>
                      {t(`courseSelection.nav.${key}.title`)}
                    </span>
                    <span className="hidden truncate text-xs text-muted-foreground sm:block">
                      {t(`courseSelection.nav.${key}.description`)}
                    </span>
                  </span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
