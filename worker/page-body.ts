/**
 * The body limit of the pages (every path outside `/health` and `/api`, docs/product.md#limits). The only page
 * that reads a body is the language switch, `POST /lang` `{lang, scope, redirectTo}`
 * (docs/product.md#languages-and-numbers): a few hundred bytes. Without a limit, React Router's
 * `request.formData()` read a form of any size into memory (200 MB took the isolate from 0.5 to 1 GB). A body over
 * the limit is refused with 413 before any page code sees it.
 */

/** Largest request body a page accepts, bytes: the language form with the longest `redirectTo` path. */
export const PAGE_MAX_BODY_BYTES = 8 * 1024;

/** The 413 answer of an over-limit page request (plain text: no page is rendered for it). */
function tooLarge(): Response {
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  return new Response("Request body is too large\n", { status: 413, headers });
}

/**
 * Runs `handle` with `request` when its body is at most `maxBytes`, else answers 413 without calling it.
 * A declared `Content-Length` over the limit is refused before a byte is read; a body without one (chunked) is read
 * until it ends or passes the limit, then handed on from memory (at most `maxBytes`). The rest of a refused body is
 * left to worker/drain-body.ts, which discards it without keeping it.
 */
export async function withPageBodyLimit(
  request: Request,
  handle: (request: Request) => Promise<Response>,
  maxBytes = PAGE_MAX_BODY_BYTES,
): Promise<Response> {
  if (!request.body) return handle(request);
  const declared = request.headers.get("Content-Length");
  if (declared !== null && !(Number(declared) <= maxBytes)) return tooLarge();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.releaseLock();
      return tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return handle(new Request(request, { body }));
}
