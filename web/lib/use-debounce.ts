/** Debounced values for search boxes (docs/product.md#limits: global search 300 ms, news search 500 ms). */
import { useEffect, useState } from "react";

/**
 * Debounce of the searches that ask the server for names and IDs as they are typed: the dashboard's global search
 * and the Students and Fees lists (docs/product.md#limits: 300 ms).
 */
export const SEARCH_DEBOUNCE_MS = 300;

/** Returns `value` once it has stayed unchanged for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The search text a list sends to the server: `typed` once it has rested `SEARCH_DEBOUNCE_MS`, so a word typed
 * quickly is one request, not one per keystroke; an emptied box applies at once.
 */
export function useDebouncedSearch(typed: string): string {
  const [applied, setApplied] = useState(typed);
  // Emptied: applied while rendering, so a word typed next never briefly sends the old one again.
  if (typed === "" && applied !== "") setApplied("");
  useEffect(() => {
    if (typed === "") return;
    const timer = setTimeout(() => setApplied(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return applied;
}
