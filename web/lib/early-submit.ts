/**
 * The attributes shared by the public boot script (deferred-boot.server.ts), which keeps a search submitted before
 * the app runs, and the search row (components/public-ui/national-id-input.tsx), which replays it once hydrated
 * (docs/product.md#public-results, #teacher-selection; docs/decisions/0017).
 */

/** Marks a search form whose submit is kept until the app runs. */
export const EARLY_SUBMIT_ATTR = "data-early-submit";
/** Set by the app on such a form once it handles submits itself. */
export const HYDRATED_ATTR = "data-hydrated";
/** Set on such a form while a submit waits for the app. */
export const PENDING_ATTR = "data-pending";
