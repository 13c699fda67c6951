/**
 * Class-name helper for the public components: clsx for conditions, no conflict resolution. tailwind-merge (~9 KB
 * gzip) is kept off the public pages' first load (docs/decisions/0012-public-page-weight.md), so callers must not
 * pass two utilities of one group (e.g. `text-foreground` and `text-blue-950`): which one wins would depend on the
 * stylesheet's order. Public style helpers (button-styles.ts, kit-styles.ts) offer variants for the combinations
 * they need instead.
 */
import { clsx, type ClassValue } from "clsx";

/** Joins class names (falsy entries dropped). */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
