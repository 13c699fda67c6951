/**
 * The import API from the console (docs/product.md#bulk-import): a dry run, or a commit under an Idempotency-Key.
 * Answer types come from the server's route (hc). A commit refused for row errors (400 IMPORT_HAS_ERRORS) carries
 * the preview; it is returned as such so the dialog can show it.
 */
import type { ImportBody, ImportKind } from "@worker/contracts/import";
import { ApiFailure, apiClient, call, type Ok } from "~/lib/api";

type Post = ReturnType<typeof apiClient>["api"]["admin"]["import"][":kind"]["$post"];
export type ImportAnswer = Ok<Awaited<ReturnType<Post>>>;
export type ImportOptions = NonNullable<ImportBody["options"]>;

/** Sends `rows`; `key` makes it a commit. Throws ApiFailure (other than a commit refused for its rows). */
export async function sendImport(
  kind: ImportKind,
  rows: Record<string, unknown>[],
  options: ImportOptions | undefined,
  key?: string,
): Promise<ImportAnswer> {
  try {
    return await call(
      apiClient().api.admin.import[":kind"].$post({
        param: { kind },
        query: key ? {} : { dry_run: "1" },
        header: key ? { "idempotency-key": key } : {},
        json: { rows, ...(options ? { options } : {}) },
      }),
    );
  } catch (err) {
    if (err instanceof ApiFailure && err.reason === "IMPORT_HAS_ERRORS" && Array.isArray(err.body?.rows))
      return err.body as unknown as ImportAnswer;
    throw err;
  }
}
