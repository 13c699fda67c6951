/**
 * The Students page's dialogs, loaded on first use (bench/README.md, benchmark 3: time to the first row). The add/edit
 * modal brings react-hook-form, the zod schema and Radix Select/Dialog; the delete confirm brings Radix
 * AlertDialog; none of it is needed to show the list. Mount each with `useOpenedOnce` (~/lib/lazy.ts)
 * so it stays mounted after its first open and closes with its animation; call the `load*` functions on
 * pointer-over/focus of the opening buttons so the first open does not wait for the network.
 */
import { lazyNamed } from "~/lib/lazy";

/** The add/edit modal's module (the browser fetches it once; later calls reuse the same promise). */
export const loadStudentFormDialog = () => import("./student-form-dialog");
/** The delete confirm's module. */
export const loadDeleteStudentDialog = () => import("./delete-student-dialog");
/** The CSV export (the `~/lib/csv` writer), needed only when Export CSV is clicked. */
export const loadStudentsCsv = () => import("./students-csv");

/** `StudentFormDialog`, loaded on first render; wrap it in `<Suspense>`. */
export const LazyStudentFormDialog = lazyNamed(loadStudentFormDialog, "StudentFormDialog");
/** `DeleteStudentDialog`, loaded on first render; wrap it in `<Suspense>`. */
export const LazyDeleteStudentDialog = lazyNamed(loadDeleteStudentDialog, "DeleteStudentDialog");
