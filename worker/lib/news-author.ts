/**
 * The author a news item gets when none is given (docs/product.md#news). Stored as it is; pages show it as the
 * school's administration in their language (web/features/news/public/news-format.ts `authorText`).
 */
export const DEFAULT_NEWS_AUTHOR = "Admin";
