/**
 * The admin grade list (docs/product.md#limits, without the "All" filter value), in school order.
 * Dependency-free: the zod schemas, the services and the console (filters, sidebar) share this one list.
 */
export const GRADES = [
  "KG-1",
  "KG-2",
  "Primary-1",
  "Primary-2",
  "Primary-3",
  "Primary-4",
  "Primary-5",
  "Primary-6",
  "Prep-1",
  "Prep-2",
  "Prep-3",
  "Private",
] as const;
/** One grade of the admin list. */
export type Grade = (typeof GRADES)[number];
