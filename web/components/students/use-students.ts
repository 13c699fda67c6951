/**
 * The Students list state (spec §4 "Optimistic updates", "Live refresh"; §8): loads every student, reloads on
 * `students_changed` (at most once per second) and on demand, and performs the mutations. Edit and delete change
 * the list at once and put the row back if the server refuses; add waits for the server. A reload that started
 * before a mutation is discarded so it cannot undo the optimistic change. The first failed load leaves an empty
 * list without an alert (spec §8); a failed reload keeps the rows already shown. A 401 signs the admin out.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useLiveEvents, type LiveStatus } from "~/lib/live-events";
import { createStudent, deleteStudent, fetchStudents, updateStudent } from "./students-api";
import type { Student, StudentBody } from "./student-types";

/** The students event stream (contract "Dashboard and live events"). */
export const STUDENTS_EVENTS_PATH = "/api/students/events";
/** Live refresh throttle (spec §9). */
export const LIVE_THROTTLE_MS = 1000;

export interface UseStudents {
  students: Student[];
  /** True until the first load has finished. */
  loading: boolean;
  /** True while any load runs. */
  refreshing: boolean;
  live: LiveStatus;
  reload: () => Promise<void>;
  /** POST; adds the created student at the top. Throws ApiFailure. */
  create: (body: StudentBody) => Promise<Student>;
  /** Optimistic PUT; restores `before` and rethrows on failure. */
  update: (before: Student, body: StudentBody) => Promise<Student>;
  /** Optimistic DELETE; puts the row back where it was and rethrows on failure. Resolves to the server message. */
  remove: (student: Student) => Promise<string | undefined>;
}

const replace = (list: Student[], id: number, next: Student) => list.map((s) => (s.id === id ? next : s));

/** See the module doc. */
export function useStudents(): UseStudents {
  const onAuthFailure = useHandleAuthFailure();
  const [students, setStudents] = useState<Student[]>([]);
  const [loading, setLoading] = useState(true);
  const [running, setRunning] = useState(0);
  const current = useRef<Student[]>([]);
  current.current = students;
  const loaded = useRef(false);
  // Bumped by every mutation: a reload that started under an older epoch drops its (stale) data.
  const epoch = useRef(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const reload = useCallback(async () => {
    const started = epoch.current;
    setRunning((n) => n + 1);
    try {
      const list = await fetchStudents();
      if (mounted.current && started === epoch.current) setStudents(list);
    } catch (err) {
      if (onAuthFailure(err)) return;
      if (mounted.current && !loaded.current) setStudents([]);
    } finally {
      if (mounted.current) {
        loaded.current = true;
        setLoading(false);
        setRunning((n) => n - 1);
      }
    }
  }, [onAuthFailure]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const live = useLiveEvents(["students_changed"], () => void reload(), { throttleMs: LIVE_THROTTLE_MS, path: STUDENTS_EVENTS_PATH });

  const create = useCallback(async (body: StudentBody) => {
    const created = await createStudent(body);
    epoch.current++;
    setStudents((list) => [created, ...list.filter((s) => s.id !== created.id)]);
    return created;
  }, []);

  const update = useCallback(async (before: Student, body: StudentBody) => {
    epoch.current++;
    setStudents((list) => replace(list, before.id, { ...before, ...body }));
    try {
      const saved = await updateStudent(before.id, body);
      setStudents((list) => replace(list, before.id, saved));
      return saved;
    } catch (err) {
      epoch.current++;
      setStudents((list) => replace(list, before.id, before));
      throw err;
    }
  }, []);

  const remove = useCallback(async (student: Student) => {
    epoch.current++;
    const index = current.current.findIndex((s) => s.id === student.id);
    setStudents((list) => list.filter((s) => s.id !== student.id));
    try {
      return await deleteStudent(student.student_no);
    } catch (err) {
      epoch.current++;
      setStudents((list) => {
        if (list.some((s) => s.id === student.id)) return list;
        const at = index < 0 ? 0 : Math.min(index, list.length);
        return [...list.slice(0, at), student, ...list.slice(at)];
      });
      throw err;
    }
  }, []);

  return { students, loading, refreshing: running > 0, live, reload, create, update, remove };
}
