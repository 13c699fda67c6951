/** The look of the Import dialog's native selects (sheet, header row, column, term): one class for all of them. */
export const IMPORT_SELECT_CLASS =
  "h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";
