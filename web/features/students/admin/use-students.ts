/**
 * The Students list state (docs/product.md#students, #live-events; bench/README.md, benchmark 3): one page at a time
 * from the server (`GET /api/students?page&limit&sortBy&sortOrder` + the filters and search, see useServerTable),
 * refetched on `students_changed` (at most once per second), on demand and after each write. Edit and delete change the
 * page at once and put the row back if the server refuses; add waits for the server. An answer to a request sent before
 * a write is not applied (it is asked again). The first failed load leaves an empty list without an alert
 * (docs/product.md#students); a failed reload keeps the rows already shown. A 401 signs the admin out.
 */
import { useCallback, useRef } from "react";
import { useServerTable, type DataTableServerState } from "~/components/data-table";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useLiveEvents, type LiveStatus } from "~/lib/live-events";
import { createStudent, deleteStudent, fetchStudentsPage, studentsPrimer, updateStudent } from "./students-api";
import type { Student, StudentBody, StudentFilters } from "./student-types";

/** The students event stream (docs/product.md#live-events). */
export const STUDENTS_EVENTS_PATH = "/api/students/events";
/** Live refresh throttle: at most one reload per second (docs/product.md#live-events). */
export const LIVE_THROTTLE_MS = 1000;

/** Table column id → the API's `sortBy` (worker/contracts/students.ts STUDENT_SORT_FIELDS). */
export const STUDENT_SORT_FIELDS: Readonly<Record<string, string>> = {
  name: "full_name",
  id: "student_no",
  nationality: "nationality",
  religion: "religion",
  grade: "current_grade",
  building: "building_no",
  gender: "gender",
  status: "is_active",
};

export interface UseStudents {
  /** The current page. */
  students: Student[];
  /** Students matching the filters (all pages). */
  total: number;
  /** True until the first load has finished. */
  loading: boolean;
  /** True while any load runs. */
  refreshing: boolean;
  live: LiveStatus;
  /** Paging and sorting for `<DataTable server={...}>`. */
  server: DataTableServerState;
  /** Sends page 1 for filters an event handler is about to set (useServerTable `sendFilters`). */
  sendFilters: (next: StudentFilters) => void;
  reload: () => Promise<void>;
  /** POST, then reloads the page (the new student is first in the default order). Throws ApiFailure. */
  create: (body: StudentBody) => Promise<Student>;
  /** Optimistic PUT; restores `before` and rethrows on failure. */
  update: (before: Student, body: StudentBody) => Promise<Student>;
  /** Optimistic DELETE; puts the row back where it was and rethrows on failure. Resolves to the server message. */
  remove: (student: Student) => Promise<string | undefined>;
}

const replace = (list: Student[], id: number, next: Student) => list.map((s) => (s.id === id ? next : s));

/** See the module doc. `filters` includes the search text. */
export function useStudents(filters: StudentFilters): UseStudents {
  const onAuthFailure = useHandleAuthFailure();
  const { rows, setRows, total, loading, fetching, reload, beginMutation, sendFilters, server } = useServerTable<
    Student,
    StudentFilters
  >({
    fetchPage: fetchStudentsPage,
    filters,
    sortFields: STUDENT_SORT_FIELDS,
    onError: onAuthFailure,
    takePrefetched: studentsPrimer.take,
    peekPrefetched: studentsPrimer.peek,
  });
  const current = useRef<Student[]>([]);
  current.current = rows;

  const live = useLiveEvents(["students_changed"], () => void reload(), {
    throttleMs: LIVE_THROTTLE_MS,
    path: STUDENTS_EVENTS_PATH,
  });

  const create = useCallback(
    async (body: StudentBody) => {
      const created = await createStudent(body);
      beginMutation();
      void reload();
      return created;
    },
    [beginMutation, reload],
  );

  const update = useCallback(
    async (before: Student, body: StudentBody) => {
      beginMutation();
      // Guardians show as the server answers them (E.164 numbers, consent times).
      setRows((list) => replace(list, before.id, { ...before, ...body, guardians: before.guardians }));
      try {
        const saved = await updateStudent(before.id, body);
        beginMutation();
        setRows((list) => replace(list, before.id, saved));
        // The edit may move the student out of the filters or to another position in the sort.
        void reload();
        return saved;
      } catch (err) {
        beginMutation();
        setRows((list) => replace(list, before.id, before));
        throw err;
      }
    },
    [beginMutation, reload, setRows],
  );

  const remove = useCallback(
    async (student: Student) => {
      beginMutation();
      const index = current.current.findIndex((s) => s.id === student.id);
      setRows((list) => list.filter((s) => s.id !== student.id));
      try {
        const message = await deleteStudent(student.student_no);
        beginMutation();
        // Refill the page from the next one.
        void reload();
        return message;
      } catch (err) {
        beginMutation();
        setRows((list) => {
          if (list.some((s) => s.id === student.id)) return list;
          const at = index < 0 ? 0 : Math.min(index, list.length);
          return [...list.slice(0, at), student, ...list.slice(at)];
        });
        throw err;
      }
    },
    [beginMutation, reload, setRows],
  );

  return {
    students: rows,
    total,
    loading,
    refreshing: fetching,
    live,
    server,
    sendFilters,
    reload,
    create,
    update,
    remove,
  };
}
