/**
 * The warning on the Subjects and Teachers pages (docs/product.md#course-selection): each active subject without an
 * active teacher with a free seat, as the server decides it (`GET …/subjects/uncovered`), and what it means for the
 * students: a subject without an active teacher is not asked of them; one whose teachers are full blocks every
 * student who has not chosen yet. Nothing is shown while every active subject can be chosen.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { TriangleAlert } from "lucide-react";
import { fetchUncoveredSubjects } from "./selection-api";
import { useSelectionList } from "./use-selection-list";

/** `changed`: anything that changes when the page's list does (its items), so the warning is read again. */
export function UncoveredSubjects({ changed }: { changed: unknown }) {
  const { t } = useTranslation();
  const { items, reload } = useSelectionList(fetchUncoveredSubjects, "subjects without seats");
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changed` is the parent's signal to reload
  useEffect(() => {
    if (first.current) {
      first.current = false; // the list loads itself on mount
      return;
    }
    void reload();
  }, [changed, reload]);

  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="uncovered-title"
      data-testid="uncovered-subjects"
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 sm:px-5"
    >
      <h2 id="uncovered-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
        {t("courseSelection.uncovered.title")}
      </h2>
      <ul className="mt-2 grid gap-1.5 ps-7 text-sm">
        {items.map((s) => (
          <li key={s.subject_id} data-subject-id={s.subject_id}>
            <bdi className="font-semibold">{s.subject_name}</bdi>
            {" — "}
            {t(s.active_teachers === 0 ? "courseSelection.uncovered.noTeacher" : "courseSelection.uncovered.noSeats")}
          </li>
        ))}
      </ul>
      <p className="mt-2 ps-7 text-sm text-amber-900">{t("courseSelection.uncovered.hint")}</p>
    </section>
  );
}
