/** An error with what drizzle and the libSQL client hang on it: a `cause`, a `code`, an HTTP `status`. */
export type ChainLink = Error & { cause?: unknown; code?: string; status?: number };

/** How deep a chain is followed: drizzle wraps the client's error, which wraps the server's; a cycle must end. */
const MAX_DEPTH = 6;

/**
 * `err`, then its `cause`, then that one's, up to 6 links (drizzle and the libSQL client wrap the error that
 * matters): the one walk every check of "is this, or what caused it, a …" goes through.
 */
export function* causes(err: unknown): Generator<ChainLink> {
  for (let e: unknown = err, i = 0; e && i < MAX_DEPTH; e = (e as { cause?: unknown }).cause, i++) {
    yield e as ChainLink;
  }
}
