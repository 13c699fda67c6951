/**
 * Reads the unread rest of a request body before the response leaves, so that an early answer (a 413 from the
 * body limit, which stops reading at 1 MiB) is not followed by a connection reset that loses the answer.
 * Why and the numbers: docs/decisions/0017-drain-unread-request-bodies.md; docs/product.md#limits.
 */

/** Bytes read and discarded at most after the response: Cloudflare's request body limit on the Free and Pro plans. */
export const DRAIN_MAX_BYTES = 100 * 1024 * 1024;

/**
 * Runs `handle` on a copy of `request` whose body is read through this function, then, before returning the
 * response, reads and discards whatever the handler left unread (up to `maxBytes`; past that the body is
 * cancelled). A request without a body is passed through untouched. Never throws for a failed drain.
 */
export async function withDrainedBody(
  request: Request,
  handle: (request: Request) => Promise<Response>,
  maxBytes = DRAIN_MAX_BYTES,
): Promise<Response> {
  if (!request.body) return handle(request);
  const source = request.body.getReader();
  let finished = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await source.read();
        if (chunk.done) {
          finished = true;
          controller.close();
        } else controller.enqueue(chunk.value);
      },
    },
    // No read-ahead: what the handler does not ask for stays in `source` for the drain below.
    { highWaterMark: 0 },
  );
  try {
    return await handle(new Request(request, { body }));
  } finally {
    let drained = 0;
    try {
      while (!finished && drained <= maxBytes) {
        const chunk = await source.read();
        if (chunk.done) finished = true;
        else drained += chunk.value.byteLength;
      }
      if (!finished) await source.cancel();
    } catch {
      // The client went away: there is nobody left to answer.
    }
  }
}
