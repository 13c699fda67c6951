/**
 * Live refresh over server-sent events (docs/product.md#live-events).
 * The stream is opened with `fetchEventSource` so the token travels in the Authorization header, never in the
 * URL. Reloads are throttled (leading + trailing) to at most one per `throttleMs`. A 401 signs the admin out.
 */
import { useEffect, useRef, useState } from "react";
import { fetchEventSource, type EventSourceMessage } from "@microsoft/fetch-event-source";
import { useNavigate } from "react-router";
import { getBaseUrl } from "./api";
import { getToken } from "./auth-storage";
import { signOutLocally } from "./auth-failure";

/** The combined admin stream: fees_changed, students_changed, news_updated. */
export const ADMIN_EVENTS_PATH = "/api/fees/events/stream";

/** Connection state of the live stream. */
export type LiveStatus = "idle" | "connecting" | "open" | "error";

/** Options of useLiveEvents. */
export interface LiveEventsOptions {
  /** Minimum time between two `onEvent` calls (default 1000 ms). */
  throttleMs?: number;
  /** Stream path (default the combined admin stream). */
  path?: string;
  /** Set false to keep the stream closed. */
  enabled?: boolean;
}

class AuthLost extends Error {}
class Retry extends Error {}

const MAX_BACKOFF_MS = 30_000;

/** Parses an event's JSON data (`{at, entity, id}`), or returns the raw text. */
function parseData(ev: EventSourceMessage): unknown {
  try {
    return ev.data ? JSON.parse(ev.data) : null;
  } catch {
    return ev.data;
  }
}

/**
 * Subscribes to `events` on the admin stream while mounted and calls `onEvent(name, data)` at most once per
 * `throttleMs` (events arriving in between collapse into one trailing call). Returns the connection status.
 */
export function useLiveEvents(
  events: string[],
  onEvent: (event: string, data: unknown) => void,
  { throttleMs = 1000, path = ADMIN_EVENTS_PATH, enabled = true }: LiveEventsOptions = {},
): LiveStatus {
  const navigate = useNavigate();
  const [status, setStatus] = useState<LiveStatus>("idle");
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = events.join(",");

  useEffect(() => {
    const token = enabled ? getToken() : null;
    if (!token) return;
    const wanted = new Set(key.split(","));
    const controller = new AbortController();
    let last = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    let pending: { event: string; data: unknown } | null = null;
    let failures = 0;

    const fire = () => {
      trailing = undefined;
      if (!pending || controller.signal.aborted) return;
      const { event, data } = pending;
      pending = null;
      last = Date.now();
      handler.current(event, data);
    };
    const schedule = (event: string, data: unknown) => {
      pending = { event, data };
      if (trailing) return;
      const wait = last + throttleMs - Date.now();
      if (wait <= 0) fire();
      else trailing = setTimeout(fire, wait);
    };

    setStatus("connecting");
    fetchEventSource(`${getBaseUrl()}${path}`, {
      signal: controller.signal,
      headers: { Authorization: `Bearer ${token}` },
      async onopen(res) {
        if (res.status === 401) throw new AuthLost();
        const type = res.headers.get("content-type") ?? "";
        if (!res.ok || !type.startsWith("text/event-stream")) throw new Retry(`HTTP ${res.status}`);
        failures = 0;
        setStatus("open");
      },
      onmessage(ev) {
        if (ev.event && wanted.has(ev.event)) schedule(ev.event, parseData(ev));
      },
      onclose() {
        throw new Retry("stream closed");
      },
      onerror(err) {
        if (err instanceof AuthLost) throw err;
        setStatus("error");
        failures++;
        return Math.min(1000 * 2 ** Math.min(failures, 5), MAX_BACKOFF_MS);
      },
    }).catch((err) => {
      if (err instanceof AuthLost && !controller.signal.aborted) signOutLocally(navigate);
    });

    return () => {
      controller.abort();
      if (trailing) clearTimeout(trailing);
      setStatus("idle");
    };
  }, [key, path, throttleMs, enabled, navigate]);

  return status;
}
