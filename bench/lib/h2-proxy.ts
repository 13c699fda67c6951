/**
 * An HTTP/2 + TLS front for a locally served Worker, so that a browser loads the production build the way
 * Cloudflare's edge serves it: one TLS connection per origin with every request multiplexed on it (ALPN `h2`, no
 * HTTP/1.1 fallback), and text responses compressed with Brotli when the browser accepts it (Cloudflare's rule:
 * status 200 and a compressible type; Chromium only offers `br` over HTTPS, so `wrangler dev`'s plain-HTTP gzip is
 * not what a visitor gets). Requests go on to the Worker (`wrangler dev`: the Worker plus the Workers static-assets
 * emulation) over HTTP/1.1, unbuffered, so server-sent events stream through.
 *
 * The certificate is self-signed, made with `openssl` at start in a temp directory and deleted on `close()`;
 * browsers must be launched with `--ignore-certificate-errors`.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";

export interface H2Proxy {
  /** `https://127.0.0.1:PORT`. */
  url: string;
  close(): Promise<void>;
}

/** Types Cloudflare compresses for visitors (its "Content compression" list, the ones this app serves). */
const COMPRESSIBLE =
  /^(text\/(html|css|plain|javascript|xml)|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * Brotli quality for every compressed response. Cloudflare does not publish its levels; 5 is a common on-the-fly
 * setting and within ~3% of quality 11 on these bundles, so it moves every variant alike.
 */
const BROTLI_QUALITY = 5;

/** Connection-level headers that HTTP/2 forbids (RFC 9113 §8.2.2) or that only describe the upstream hop. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "http2-settings",
]);

function selfSignedCert(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), "school-h2-"));
  try {
    const key = join(dir, "key.pem");
    const cert = join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the proxy on a free port in front of `upstream` (e.g. `http://127.0.0.1:40123`). */
export async function startH2Proxy(upstream: string): Promise<H2Proxy> {
  const target = new URL(upstream);
  // A fresh loopback connection per request: a pooled socket that `wrangler dev` has just closed would fail the
  // request (ECONNRESET) and, for a module script, the whole page; connecting costs well under a millisecond here.
  const agent = new http.Agent({ keepAlive: false, maxSockets: 64 });
  const server = http2.createSecureServer({ ...selfSignedCert(), allowHTTP1: false });

  // Where each unfinished request is (event streams aside), so that a page that stalls tells which side stalled:
  // the Worker not answering or not finishing its body, or the browser not reading what was sent.
  const open = new Map<
    number,
    { path: string; since: number; stage: "waiting for the Worker" | "Worker body" | "sending to the browser" }
  >();
  let seq = 0;
  const watchdog = setInterval(() => {
    const stale = [...open.values()].filter((w) => Date.now() - w.since > 15_000);
    for (const stage of new Set(stale.map((w) => w.stage))) {
      const at = stale.filter((w) => w.stage === stage);
      console.error(`h2 proxy → ${upstream}: ${at.length} request(s) stuck > 15 s at "${stage}", e.g. ${at[0]!.path}`);
    }
  }, 10_000).unref();

  server.on("stream", (stream, headers) => {
    const id = ++seq;
    const entry = { path: String(headers[":path"]), since: Date.now(), stage: "waiting for the Worker" as const };
    open.set(id, entry);
    const out: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers))
      if (!name.startsWith(":") && !HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
    out.host = headers[":authority"];
    // The Worker compresses nothing itself; ask the emulation for identity and encode here, as the edge does.
    const acceptsBr = /\bbr\b/.test(String(headers["accept-encoding"] ?? ""));
    out["accept-encoding"] = "identity";
    let finished = false;
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: headers[":method"],
        path: headers[":path"],
        headers: out,
        agent,
      },
      (res) => {
        const type = String(res.headers["content-type"] ?? "");
        if (type.startsWith("text/event-stream")) open.delete(id);
        else open.set(id, { ...entry, stage: "Worker body" });
        res.on("end", () => {
          finished = true;
          if (open.has(id)) open.set(id, { ...entry, stage: "sending to the browser" });
        });
        const compress =
          acceptsBr && res.statusCode === 200 && COMPRESSIBLE.test(type) && !res.headers["content-encoding"];
        const reply: http2.OutgoingHttpHeaders = { ":status": res.statusCode ?? 502 };
        for (const [name, value] of Object.entries(res.headers))
          if (!HOP_BY_HOP.has(name) && value !== undefined) reply[name] = value;
        if (compress) {
          delete reply["content-length"];
          reply["content-encoding"] = "br";
          reply.vary = "Accept-Encoding";
        }
        if (stream.destroyed) return res.destroy();
        stream.respond(reply);
        // Streamed HTML is flushed per chunk, so the shell reaches the browser before the rest is rendered.
        const flush = type.startsWith("text/html")
          ? zlib.constants.BROTLI_OPERATION_FLUSH
          : zlib.constants.BROTLI_OPERATION_PROCESS;
        const body: Readable = compress
          ? res.pipe(
              zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY }, flush }),
            )
          : res;
        pipeline(body, stream, () => {
          open.delete(id);
          res.destroy();
        });
      },
    );
    req.on("error", (err) => {
      // A request the browser cancelled was ended here on purpose; anything else is worth a line.
      if (!stream.destroyed) console.error(`h2 proxy: ${headers[":method"]} ${headers[":path"]}: ${err.message}`);
      if (!stream.headersSent && !stream.destroyed) stream.respond({ ":status": 502 });
      stream.end();
    });
    // A stream the browser cancels (a navigation away, an aborted fetch, a closed event stream) ends upstream too.
    stream.on("close", () => {
      open.delete(id);
      if (!finished) req.destroy();
    });
    pipeline(stream, req, () => {});
  });
  server.on("sessionError", () => {});

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(watchdog);
        agent.destroy();
        server.close(() => resolve());
        // Open sessions (an event stream) would keep close() waiting.
        setTimeout(resolve, 2000).unref();
      }),
  };
}
