/**
 * Looks up a student by the ID typed in a form (docs/product.md#students: `GET /api/students?search=`), so the Add
 * Fee Record and result forms can show whose record it is and use the student's current grade. Debounced 300 ms;
 * only an exact `student_no` match counts. A failed call shows nothing (idle), never throws.
 */
import { useEffect, useState } from "react";
import type { StudentJson } from "@worker/contracts/students";
import { apiClient, call } from "~/lib/api";
import { useDebouncedValue } from "~/lib/use-debounce";
import { normalizeNationalId } from "@worker/lib/normalize";

/** Lookup state: idle (too short to look up), loading, found, or not found. */
export type StudentLookup =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "found"; student: StudentJson }
  | { state: "missing" };

/** Shortest ID worth looking up (passport numbers have at least 5 characters). */
const MIN_LENGTH = 5;

/** `GET /api/students?search=id` → the student whose `student_no` equals `id`, or null. Throws ApiFailure. */
export async function findStudent(id: string, signal?: AbortSignal): Promise<StudentJson | null> {
  const body = await call(apiClient().api.students.$get({ query: { search: id } }, { init: { signal } }));
  return body.students.find((s) => s.student_no.toUpperCase() === id.toUpperCase()) ?? null;
}

/** The lookup state for the typed `rawId` (normalised first). Pass `enabled: false` to skip lookups. */
export function useStudentLookup(rawId: string, enabled = true): StudentLookup {
  const id = useDebouncedValue(normalizeNationalId(rawId ?? ""), 300);
  const [result, setResult] = useState<StudentLookup>({ state: "idle" });

  useEffect(() => {
    if (!enabled || id.length < MIN_LENGTH) {
      setResult({ state: "idle" });
      return;
    }
    const controller = new AbortController();
    setResult({ state: "loading" });
    findStudent(id, controller.signal).then(
      (student) =>
        !controller.signal.aborted && setResult(student ? { state: "found", student } : { state: "missing" }),
      // A failed lookup says nothing about the student: show nothing rather than "not found".
      () => !controller.signal.aborted && setResult({ state: "idle" }),
    );
    return () => controller.abort();
  }, [id, enabled]);

  return result;
}
