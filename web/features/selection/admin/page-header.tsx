/** The heading block of a course-selection page: the section cards, then the title, subtitle and page actions. */
import type { ReactNode } from "react";
import { SectionNav } from "./section-nav";

export interface SelectionPageHeaderProps {
  title: string;
  subtitle: string;
  /** Buttons at the heading's end (Refresh, Export CSV, Add …). */
  actions?: ReactNode;
}

/** Section navigation + `<h1>` + subtitle + actions (wrapping under the title on phones). */
export function SelectionPageHeader({ title, subtitle, actions }: SelectionPageHeaderProps) {
  return (
    <>
      <SectionNav />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">{title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p>
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
    </>
  );
}
