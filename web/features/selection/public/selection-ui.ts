/**
 * Small view constants of /current-students (docs/product.md#teacher-selection): toast durations, the id of the
 * current-selections section and the scroll to it after a save.
 */

/** Public toasts last 2.5–4 s (ms per kind). */
export const TOAST_MS = { success: 3500, error: 4000, info: 3000 } as const;

/** Element id of the current-selections section (the view scrolls there after a save). */
export const SELECTIONS_ID = "current-selections";

/** The part of `window` the scroll uses (a stand-in in unit tests). */
export type ScrollWindow = Pick<Window, "requestAnimationFrame" | "matchMedia"> & {
  document: Pick<Document, "getElementById">;
};

/**
 * On the next frame, scrolls the current-selections section into view (instantly under prefers-reduced-motion) and
 * moves focus to it without a second scroll (docs/product.md#teacher-selection: a save ends on the selections).
 */
export function scrollToSelections(win: ScrollWindow = window): void {
  win.requestAnimationFrame(() => {
    const el = win.document.getElementById(SELECTIONS_ID);
    el?.scrollIntoView({
      behavior: win.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
      block: "start",
    });
    el?.focus({ preventScroll: true });
  });
}
