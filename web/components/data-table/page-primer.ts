/**
 * A first page asked for before the page renders (issue 7, time to usable): a route's clientLoader calls
 * `prime(request)` without awaiting it, so the request overlaps the console's first render; `useServerTable`
 * then takes the answer (`peek` while rendering, `take` in its first load) when it asks for the very same page.
 * One primed request at a time, kept for 10 s; a failed one is reported to whoever takes it.
 *
 * Earlier still (docs/decisions/0014): on a cold load the route modules and their ~50 scripts must arrive and run
 * before any clientLoader can. `EARLY_FIRST_PAGE_SCRIPT`, inlined in the admin layout's server-rendered fallback,
 * asks for the default first page of the console lists while the HTML is parsed; a page's API wrapper adopts that
 * response (`takeEarlyResponse`) when it requests the very same URL within 10 s, and otherwise fetches as usual.
 */
import { BASE_URL_KEY } from "~/lib/api";
import { TOKEN_EXPIRES_KEY, TOKEN_KEY } from "~/lib/auth-storage";
import type { ServerPage, ServerPageRequest } from "./use-server-table";

/** The request without its AbortSignal (the primed request is never aborted). */
export type PrimedRequest<TFilters> = Omit<ServerPageRequest<TFilters>, "signal">;

export interface PagePrimer<TRow, TFilters> {
  prime: (request: PrimedRequest<TFilters>) => void;
  /** Resolves once the primed answer is in (or failed), or after `maxMs`, whichever comes first; never rejects. */
  settled: (maxMs: number) => Promise<void>;
  /** The primed answer for exactly `request` if it has arrived; not consumed (a first render may run twice). */
  peek: (request: PrimedRequest<TFilters>) => ServerPage<TRow> | undefined;
  /** The primed request for exactly `request`, consumed; undefined when there is none (or another). */
  take: (request: PrimedRequest<TFilters>) => Promise<ServerPage<TRow>> | undefined;
}

const TTL_MS = 10_000;

/** A primer over `fetchPage` (see the module doc). */
export function pagePrimer<TRow, TFilters>(fetchPage: (request: ServerPageRequest<TFilters>) => Promise<ServerPage<TRow>>): PagePrimer<TRow, TFilters> {
  let primed: { key: string; at: number; promise: Promise<ServerPage<TRow>>; value?: ServerPage<TRow> } | null = null;
  const hit = (request: PrimedRequest<TFilters>) => primed !== null && primed.key === JSON.stringify(request) && Date.now() - primed.at < TTL_MS;
  return {
    prime(request) {
      const entry: NonNullable<typeof primed> = { key: JSON.stringify(request), at: Date.now(), promise: fetchPage({ ...request, signal: new AbortController().signal }) };
      entry.promise.then(
        (value) => void (entry.value = value),
        () => {}, // reported to whoever takes it; never an unhandled rejection
      );
      primed = entry;
    },
    settled(maxMs) {
      const entry = primed;
      if (!entry) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, maxMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        entry.promise.then(done, done);
      });
    },
    peek: (request) => (hit(request) ? primed!.value : undefined),
    take(request) {
      const promise = hit(request) ? primed!.promise : undefined;
      primed = null;
      return promise;
    },
  };
}

/**
 * Admin URL → the API path of its default first page (no filters, page 1, 15 rows, the server's order), exactly as
 * the page's own request builds it. A path that differs only means the early answer is not used.
 */
export const EARLY_FIRST_PAGES: Readonly<Record<string, string>> = {
  "/admin/dashboard/students": "/api/students?page=1&limit=15",
};

/** Where the inline script leaves its request (a window property). */
const EARLY_KEY = "__adminFirstPage";

interface EarlyRequest {
  url: string;
  /** Date.now() when it was sent. */
  at: number;
  response: Promise<Response>;
}

/**
 * The inline script (ES5, no imports; it runs before any module): with an unexpired token in localStorage and a
 * known console URL, it sends the first-page request with the same headers and base-URL override as the app.
 * Errors are swallowed; the page then simply asks again.
 */
export const EARLY_FIRST_PAGE_SCRIPT = `(function(){try{var p=${JSON.stringify(EARLY_FIRST_PAGES)}[location.pathname.replace(/\\/+$/,"")];if(!p)return;var s=localStorage,t=s.getItem(${JSON.stringify(TOKEN_KEY)}),e=Number(s.getItem(${JSON.stringify(TOKEN_EXPIRES_KEY)}));if(!t||!(e>Date.now()))return;var b=(s.getItem(${JSON.stringify(BASE_URL_KEY)})||"").replace(/\\/+$/,"")||location.origin,u=b+p,r=fetch(u,{headers:{Accept:"application/json","Content-Type":"application/json",Authorization:"Bearer "+t},priority:"high"});r.catch(function(){});window.${EARLY_KEY}={url:u,at:Date.now(),response:r}}catch(x){}})()`;

const early = () => (typeof window === "undefined" ? undefined : (window as unknown as Record<string, EarlyRequest | undefined>)[EARLY_KEY]);

/** True when the inline script's request is waiting to be taken (i.e. this is a cold load of a console list). */
export function hasEarlyResponse(): boolean {
  const e = early();
  return !!e && Date.now() - e.at < TTL_MS;
}

/** The inline script's response for exactly `url` (consumed: the body can be read once), else undefined. */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const e = early();
  if (!e || e.url !== url || Date.now() - e.at >= TTL_MS) return undefined;
  (window as unknown as Record<string, unknown>)[EARLY_KEY] = undefined;
  return e.response;
}
