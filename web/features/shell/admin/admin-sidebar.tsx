/**
 * The admin console's navigation (docs/product.md#admin-shell): brand, "NAVIGATION", Dashboard, Students / Fees /
 * Results (each expands to the grade list; choosing a grade opens the page with that filter), Online Payments (right
 * under Fees), Fee Plans, Course Selections, News, Audit Log, Staff. Only the pages the signed-in person's role may open are listed (nav-access.ts;
 * docs/product.md#staff-and-roles). The current item is highlighted and marked `aria-current="page"`.
 * The grade lists expand with a CSS grid-rows transition rather than Radix Collapsible, whose mount-time
 * measurement (getComputedStyle + getBoundingClientRect in layout effects) forced the page's first style and
 * layout pass inside React's commit (~70 + ~90 ms in a 4×-throttled profile of a cold load; bench/README.md).
 */
import { useState } from "react";
import { NavLink, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import {
  BookOpenCheck,
  CalendarClock,
  ChevronDown,
  Contact,
  Globe,
  ClipboardList,
  GraduationCap,
  LayoutDashboard,
  Newspaper,
  ScrollText,
  MessageSquareText,
  UsersRound,
  Wallet,
  type LucideIcon,
  CalendarCheck2,
  CalendarRange,
  ChartColumn,
} from "lucide-react";
import { ADMIN_PAGE_PATHS, goToGrade, type AdminListPage, type AdminNavState } from "~/lib/admin-events";
import { cn } from "~/lib/utils";
import { useOpenedOnce } from "~/lib/lazy";
import { useMe } from "~/lib/use-me";
import { CONSOLE_PAGE_ORDER, CONSOLE_PAGES, pagesFor, sidebarGrades, type ConsolePage } from "./nav-access";

const itemClass = (active: boolean) =>
  cn(
    "group flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm font-medium outline-none transition-colors",
    "focus-visible:ring-2 focus-visible:ring-sky-300/70",
    active ? "bg-white/12 text-white shadow-sm" : "text-slate-300 hover:bg-white/6 hover:text-white",
  );

/** The list pages, which expand to their grades. */
const isGradeSection = (page: ConsolePage): page is AdminListPage =>
  page === "students" || page === "fees" || page === "results";

const ICONS: Record<ConsolePage, LucideIcon> = {
  dashboard: LayoutDashboard,
  reports: ChartColumn,
  students: GraduationCap,
  guardians: Contact,
  fees: Wallet,
  onlinePayments: Globe,
  results: ClipboardList,
  feePlans: CalendarClock,
  courseSelections: BookOpenCheck,
  news: Newspaper,
  messages: MessageSquareText,
  auditLog: ScrollText,
  staff: UsersRound,
  academicYears: CalendarRange,
  rollover: CalendarCheck2,
};

/** The brand block at the top of the sidebar. */
export function SidebarBrand() {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3 px-4 py-5">
      <img src="/favicon.svg" alt="" width={40} height={40} className="size-10 rounded-xl bg-white/95 p-1" />
      <div className="min-w-0">
        <p className="truncate text-base leading-tight font-bold text-white">{t("admin.consoleTitle")}</p>
        <p className="truncate text-xs text-slate-400">{t("admin.tagline")}</p>
      </div>
    </div>
  );
}

function GradeSection({
  page,
  icon: Icon,
  onNavigate,
}: {
  page: AdminListPage;
  icon: LucideIcon;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // The Fee plans and Online payments pages live under /fees but have their own sidebar entries.
  const active =
    location.pathname.startsWith(ADMIN_PAGE_PATHS[page]) &&
    !location.pathname.startsWith(`${ADMIN_PAGE_PATHS.fees}/plans`) &&
    !location.pathname.startsWith(`${ADMIN_PAGE_PATHS.fees}/online`);
  const [open, setOpen] = useState(active);
  // A section's 13 grade buttons are rendered once it has been opened, then kept (for the close transition).
  const rendered = useOpenedOnce(open);
  const currentGrade = active ? ((location.state as AdminNavState | null)?.grade ?? "All") : null;
  // A teacher sees only the grades they teach, not 13 that would all answer empty.
  const grades = sidebarGrades(useMe(), page);
  const label = t(`admin.nav.${page}`);
  const listId = `grades-${page}`;
  return (
    <li>
      <button
        type="button"
        className={itemClass(active)}
        aria-controls={listId}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon className="size-4.5 shrink-0" aria-hidden="true" />
        <span className="flex-1">{label}</span>
        <ChevronDown
          className={cn("size-4 shrink-0 opacity-70 transition-transform", open && "rotate-180")}
          aria-hidden="true"
        />
      </button>
      {/* 0fr → 1fr animates to the content's height without measuring it; `invisible` (switched at the end of a
          close, at the start of an open) keeps the closed list out of the tab order and the accessibility tree. */}
      <div
        id={listId}
        data-state={open ? "open" : "closed"}
        className={cn(
          "grid transition-[grid-template-rows,visibility] duration-200 ease-out motion-reduce:transition-none",
          open ? "visible grid-rows-[1fr]" : "invisible grid-rows-[0fr]",
        )}
      >
        <div className="min-h-0 overflow-hidden">
          {rendered && (
            <ul
              aria-label={t("admin.nav.gradesOf", { section: label })}
              className="ms-5 mt-1 mb-2 space-y-0.5 border-s border-white/10 ps-3"
            >
              {grades.map((grade) => {
                const selected = currentGrade === grade;
                return (
                  <li key={grade}>
                    <button
                      type="button"
                      aria-current={selected ? "true" : undefined}
                      onClick={() => {
                        goToGrade(navigate, page, grade);
                        onNavigate?.();
                      }}
                      className={cn(
                        "w-full rounded-md px-2.5 py-1.5 text-start text-[13px] outline-none transition-colors focus-visible:ring-2 focus-visible:ring-sky-300/70",
                        selected
                          ? "bg-sky-400/15 font-semibold text-sky-200"
                          : "text-slate-400 hover:bg-white/6 hover:text-white",
                      )}
                    >
                      {t(`admin.grades.${grade}`)}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </div>
    </li>
  );
}

function LinkItem({
  to,
  icon: Icon,
  label,
  end,
  onNavigate,
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  end?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <li>
      <NavLink to={to} end={end} onClick={onNavigate} className={({ isActive }) => itemClass(isActive)}>
        <Icon className="size-4.5 shrink-0" aria-hidden="true" />
        <span>{label}</span>
      </NavLink>
    </li>
  );
}

/** The sidebar contents (used in the desktop aside and the phone sheet); `onNavigate` runs after a choice. */
export function AdminSidebar({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  const { t } = useTranslation();
  const me = useMe();
  // Until the person is known (a failed first look-up) every page is listed: the server refuses what the role may not.
  const pages = me ? pagesFor(me) : CONSOLE_PAGE_ORDER.filter((p) => p !== "staff");
  return (
    <div className={cn("flex h-full flex-col bg-slate-900 text-slate-100", className)}>
      <SidebarBrand />
      <nav aria-label={t("admin.nav.label")} className="flex-1 overflow-y-auto px-3 pb-6">
        <p className="px-3 pt-2 pb-2 text-[11px] font-semibold tracking-wider text-slate-400 rtl:text-xs rtl:tracking-normal">
          {t("admin.nav.section")}
        </p>
        <ul className="space-y-1">
          {pages.map((page) =>
            isGradeSection(page) ? (
              <GradeSection key={page} page={page} icon={ICONS[page]} onNavigate={onNavigate} />
            ) : (
              <LinkItem
                key={page}
                to={CONSOLE_PAGES[page].path}
                end={page === "dashboard"}
                icon={ICONS[page]}
                label={t(`admin.nav.${page}`)}
                onNavigate={onNavigate}
              />
            ),
          )}
        </ul>
      </nav>
    </div>
  );
}
