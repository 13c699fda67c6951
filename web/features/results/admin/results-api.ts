/**
 * Calls of the Results page (docs/product.md#results, #results-publishing) through the typed Hono client (base-URL
 * override, bearer token); answers are typed from the server's routes. Every function throws `ApiFailure` (status 0
 * = network error; 401 = signed out) carrying the server's reason.
 */
import type { PublicationBody, PublicationJson, ResultBody, ResultJson } from "@worker/contracts/results";
import { apiClient, call } from "~/lib/api";

/** `GET /api/admin/results?grade=` → the results ("All" = every grade). */
export async function listResults(grade: string): Promise<ResultJson[]> {
  return (
    await call(apiClient().api.admin.results.$get({ query: { grade: grade && grade !== "All" ? grade : undefined } }))
  ).data;
}

/** `POST /api/admin/results` → the saved result. 409 RESULT_DUPLICATE for a second result of the same term. */
export async function createResult(json: ResultBody): Promise<ResultJson> {
  return (await call(apiClient().api.admin.results.$post({ json }))).data;
}

/** `PUT /api/admin/results/{id}` → the saved result. */
export async function updateResult(id: number, json: ResultBody): Promise<ResultJson> {
  return (await call(apiClient().api.admin.results[":id"].$put({ param: { id: String(id) }, json }))).data;
}

/** `DELETE /api/admin/results/{id}`. */
export async function deleteResult(id: number): Promise<void> {
  await call(apiClient().api.admin.results[":id"].$delete({ param: { id: String(id) } }));
}

/** `GET /api/admin/results/publications` → every year × semester with its state. */
export async function listPublications(): Promise<PublicationJson[]> {
  return (await call(apiClient().api.admin.results.publications.$get())).data;
}

/** `PUT /api/admin/results/publications` → the new state. */
export async function setPublication(json: PublicationBody): Promise<PublicationJson> {
  return (await call(apiClient().api.admin.results.publications.$put({ json }))).data;
}
