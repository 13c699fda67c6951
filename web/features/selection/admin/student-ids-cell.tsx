/**
 * The Student IDs cell of the Overview: each student as name + ID (names from the student list; "Unknown ({id})"
 * when missing, docs/product.md#course-selection). IDs matching the search come first and are highlighted. Long lists show the first few
 * with a "Show all" toggle.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "~/lib/format";
import { cn } from "~/lib/utils";
import { COLLAPSED_STUDENTS, idMatches, studentChips } from "./overview-model";

export interface StudentIdsCellProps {
  ids: string[];
  nameOf: (id: string) => string | undefined;
  /** The normalised student-ID search ("" = none). */
  query: string;
}

/** See the module doc. */
export function StudentIdsCell({ ids, nameOf, query }: StudentIdsCellProps) {
  const { t, i18n } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const { shown, hidden } = studentChips(ids, query, expanded);

  return (
    // grid-cols-1 (minmax(0, 1fr)): a chip's max-w-full then holds, and a long name is cut instead of widening the cell.
    <div className="grid grid-cols-1 gap-1.5">
      <ul className="flex flex-wrap gap-1.5">
        {shown.map((id) => {
          const name = nameOf(id);
          const hit = idMatches(id, query);
          return (
            <li
              key={id}
              className={cn(
                "inline-flex max-w-full flex-col rounded-md border px-2 py-1 text-xs leading-tight",
                hit ? "border-warning bg-warning/15" : "bg-muted/40",
              )}
            >
              <span dir="auto" className={cn("truncate font-medium", !name && "text-muted-foreground italic")}>
                {name ?? t("courseSelection.overview.table.unknown", { id })}
              </span>
              {name && (
                <span dir="ltr" className="font-mono text-[0.6875rem] text-muted-foreground rtl:text-end">
                  {id}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {ids.length > COLLAPSED_STUDENTS && (
        <button
          type="button"
          onClick={() => setExpanded((e) => !e)}
          aria-expanded={expanded}
          className="justify-self-start rounded-sm text-xs font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {expanded
            ? t("courseSelection.overview.table.showLess")
            : t("courseSelection.overview.table.showMore", {
                count: hidden,
                formattedCount: formatNumber(hidden, i18n.language),
              })}
        </button>
      )}
    </div>
  );
}
