/**
 * Toasts with sonner loaded on the first toast instead of with the page (public page weight, docs/decisions/0012-public-page-weight.md: sonner is
 * ~9 KB gzip, and most visits never toast). `toast.success/error/warning/info` take sonner's arguments; the page
 * renders `<LazyToaster>`, which mounts the shared outlet (components/ui/toaster.tsx) once sonner is wanted.
 * sonner replays toasts created before its outlet subscribed, so the first one is not lost.
 */
import { Suspense, lazy, useSyncExternalStore } from "react";

type Sonner = typeof import("sonner");
type Toast = Sonner["toast"];

let sonner: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    for (const l of listeners) l();
  }
  return sonner;
}

function later<K extends "success" | "error" | "warning" | "info">(kind: K) {
  return (...args: Parameters<Toast[K]>): void => {
    void loadSonner().then(({ toast }) => (toast[kind] as (...a: Parameters<Toast[K]>) => unknown)(...args));
  };
}

/** sonner's `toast.success/error/warning/info`, fire-and-forget (the toast id is not returned). */
export const toast = {
  success: later("success"),
  error: later("error"),
  warning: later("warning"),
  info: later("info"),
};

const AppToaster = lazy(async () => ({ default: (await import("~/components/ui/toaster")).AppToaster }));

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** The toast outlet, rendered only after the first toast asked for sonner (nothing on the server). */
export function LazyToaster({ duration }: { duration?: number }) {
  const wanted = useSyncExternalStore(
    subscribe,
    () => sonner !== null,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster duration={duration} />
    </Suspense>
  );
}
