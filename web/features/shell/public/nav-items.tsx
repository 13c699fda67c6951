/** The public navbar's destinations, shared by the desktop bar and the phone side menu. */
import { ClipboardList, House, Newspaper, Users, UsersRound, WalletCards, type LucideIcon } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { PUBLIC_PATHS, SECTION_IDS } from "./constants";

export type NavKey = "home" | "news" | "results" | "payFees" | "family" | "chooseTeachers";

export interface NavItem {
  key: NavKey;
  label: string;
  icon: LucideIcon;
  /** Where the link goes without JavaScript. */
  href: string;
  /** A home-page section the link scrolls to instead of navigating, when set. */
  section?: string;
}

/** The six navbar destinations with translated labels (common.ts `nav.*`). */
export function usePublicNavItems(): NavItem[] {
  const { t } = useTranslation();
  return [
    { key: "home", label: t("nav.home"), icon: House, href: PUBLIC_PATHS.home, section: SECTION_IDS.home },
    {
      key: "news",
      label: t("nav.news"),
      icon: Newspaper,
      href: `${PUBLIC_PATHS.home}#${SECTION_IDS.news}`,
      section: SECTION_IDS.news,
    },
    { key: "results", label: t("nav.results"), icon: ClipboardList, href: PUBLIC_PATHS.results },
    { key: "payFees", label: t("nav.payFees"), icon: WalletCards, href: PUBLIC_PATHS.payFees },
    { key: "family", label: t("nav.family"), icon: Users, href: PUBLIC_PATHS.family },
    { key: "chooseTeachers", label: t("nav.chooseTeachers"), icon: UsersRound, href: PUBLIC_PATHS.chooseTeachers },
  ];
}

const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * One navbar link. Section links (home, news) call `onSection` on a plain click instead of navigating; modified
 * clicks (new tab) and no-JavaScript visits follow the href. Page links mark the current page with aria-current.
 */
export function NavItemLink({
  item,
  className,
  children,
  onSection,
  onNavigate,
}: {
  item: NavItem;
  className?: string;
  children: ReactNode;
  onSection: (id: string) => void;
  onNavigate?: () => void;
}) {
  if (item.section) {
    const section = item.section;
    const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
      if (!isPlainClick(e)) return;
      e.preventDefault();
      onSection(section);
    };
    return item.key === "home" ? (
      <NavLink to={item.href} end className={className} onClick={onClick}>
        {children}
      </NavLink>
    ) : (
      <Link to={item.href} className={className} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <NavLink to={item.href} className={className} onClick={onNavigate}>
      {children}
    </NavLink>
  );
}
