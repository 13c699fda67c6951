/**
 * Subjects of the admin results form (docs/product.md#results), in the form's order. Dependency-free: the results schema, the
 * results form and the per-grade demo screens share this one list.
 */
export const RESULT_SUBJECTS = [
  "Mathematics",
  "English",
  "Science",
  "History",
  "Geography",
  "Physics",
  "Chemistry",
  "Biology",
  "Computer Science",
  "Literature",
  "Economics",
  "Art",
  "Music",
  "Physical Education",
] as const;
/** One subject of the list. */
export type ResultSubject = (typeof RESULT_SUBJECTS)[number];
