/**
 * A first page asked for before the page renders (bench/README.md, benchmark 3: time to usable): a route's clientLoader
 * calls `prime(request)` without awaiting it, so the request overlaps the console's first render; `useServerTable` then
 * takes the answer (`peek` while rendering, `take` in its first load) when it asks for the very same page. One primed
 * request at a time, kept for 10 s; a failed one is reported to whoever takes it. A page whose loader brought the first
 * page with the HTML primes with that answer instead (`prime(request, answer)`).
 */
import type { ServerPage, ServerPageRequest } from "./use-server-table";

/** The request without its AbortSignal (the primed request is never aborted). */
export type PrimedRequest<TFilters> = Omit<ServerPageRequest<TFilters>, "signal">;

export interface PagePrimer<TRow, TFilters> {
  /** Starts `request`; with `answer`, uses it instead, and fetches only when it is null or fails. */
  prime: (request: PrimedRequest<TFilters>, answer?: Promise<ServerPage<TRow> | null>) => void;
  /** The primed answer for exactly `request` if it has arrived; not consumed (a first render may run twice). */
  peek: (request: PrimedRequest<TFilters>) => ServerPage<TRow> | undefined;
  /** The primed request for exactly `request`, consumed; undefined when there is none (or another). */
  take: (request: PrimedRequest<TFilters>) => Promise<ServerPage<TRow>> | undefined;
}

const TTL_MS = 10_000;

/** A primer over `fetchPage` (see the module doc). */
export function pagePrimer<TRow, TFilters>(
  fetchPage: (request: ServerPageRequest<TFilters>) => Promise<ServerPage<TRow>>,
): PagePrimer<TRow, TFilters> {
  let primed: { key: string; at: number; promise: Promise<ServerPage<TRow>>; value?: ServerPage<TRow> } | null = null;
  const hit = (request: PrimedRequest<TFilters>) =>
    primed !== null && primed.key === JSON.stringify(request) && Date.now() - primed.at < TTL_MS;
  return {
    prime(request, answer) {
      const fetchIt = () => fetchPage({ ...request, signal: new AbortController().signal });
      const promise = answer ? answer.then((page) => page ?? fetchIt(), fetchIt) : fetchIt();
      const entry: NonNullable<typeof primed> = { key: JSON.stringify(request), at: Date.now(), promise };
      entry.promise.then(
        (value) => {
          entry.value = value;
        },
        () => {}, // reported to whoever takes it; never an unhandled rejection
      );
      primed = entry;
    },
    peek: (request) => (hit(request) ? primed!.value : undefined),
    take(request) {
      const promise = hit(request) ? primed!.promise : undefined;
      primed = null;
      return promise;
    },
  };
}
