/**
 * The Import dialog, loaded when it first opens (with the spreadsheet library behind it: ADR 0025), so no page's
 * first load grows. Call `loadImportDialog` on pointer-over/focus of the Import button to fetch it early.
 */
import { lazyNamed } from "~/lib/lazy";

export const loadImportDialog = () => import("./import-dialog");
export const LazyImportDialog = lazyNamed(loadImportDialog, "ImportDialog");
