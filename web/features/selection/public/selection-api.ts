/**
 * The calls of /current-students (docs/product.md#teacher-selection), through the typed client so the base-URL
 * override applies. Each throws the client's error on a non-2xx answer (outcome.ts classifies it).
 */
import { apiClient, call } from "~/lib/api";
import { sendWithRetries } from "./save-retry";
import type { SavePayload, SelectionState, SelectionStudent, TeacherOption } from "./model";

const api = () => apiClient().api.public.selection;

/** The student card (`GET /student/{id}`); its 403/404 decide the modal. */
export const getStudent = async (id: string): Promise<SelectionStudent> =>
  (await call(api().student[":id"].$get({ param: { id } }))).data;

/** The student's saved selections and what they may still do (`GET /student/{id}/selections`). */
export const getSelections = async (id: string): Promise<SelectionState> =>
  (await call(api().student[":id"].selections.$get({ param: { id } }))).data;

/** The teachers offered to the student, with their seats (`GET /teachers/{id}`). */
export const getTeachers = async (id: string): Promise<TeacherOption[]> =>
  (await call(api().teachers[":id"].$get({ param: { id } }))).teachers;

/**
 * Saves the choices (`POST /student/select`); `action` says whether it was a first save or the update. A 503 or a
 * lost answer is sent again with the same `Idempotency-Key` (save-retry.ts).
 */
export const postSelections = async (payload: SavePayload) =>
  sendWithRetries((key) => call(api().student.select.$post({ json: payload, header: { "idempotency-key": key } })));
