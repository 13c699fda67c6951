/**
 * The live-seat part of /current-students (docs/product.md#teacher-selection; docs/decisions/0008-live-seats-poll.md):
 * while choosing is possible, each seat snapshot is merged into the teacher cards, and a local choice whose teacher
 * just filled up (not the student's own saved teacher) is dropped with a warning toast.
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { dropFullChoices, mergeSeats, patchLoaded, type SeatCounts } from "./model";
import { TOAST_MS } from "./selection-ui";
import { useLiveSeats } from "./use-live-seats";
import type { SelectionLookup } from "./use-selection-lookup";

/** Polls the seats while `enabled` and merges them into the lookup's state. */
export function useSeatMerge(
  { loaded, setLoaded, choices, setChoices }: Pick<SelectionLookup, "loaded" | "setLoaded" | "choices" | "setChoices">,
  enabled: boolean,
): void {
  const { t } = useTranslation();
  const onSeats = useCallback(
    (seats: SeatCounts[]) => {
      if (!loaded) return;
      const teachers = mergeSeats(loaded.teachers, seats);
      if (teachers === loaded.teachers) return;
      setLoaded(patchLoaded(loaded.studentId, (l) => ({ teachers: mergeSeats(l.teachers, seats) })));
      const saved = loaded.state.selections;
      const { dropped } = dropFullChoices(choices, teachers, saved);
      if (dropped.length === 0) return;
      setChoices((c) => dropFullChoices(c, teachers, saved).choices);
      for (const g of dropped)
        toast.warning(t("selection.toast.seatTaken", { teacher: g.teacher_name, subject: g.subject_name }), {
          duration: TOAST_MS.error,
        });
    },
    [loaded, choices, t, setLoaded, setChoices],
  );
  useLiveSeats(enabled, onSeats);
}
