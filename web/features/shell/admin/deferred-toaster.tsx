/**
 * The console's toast outlet, loaded once the browser is idle after the page has had time to show its data
 * (sonner, ~9 KB gzip, is not needed for the first rows). sonner keeps toasts created before its outlet
 * mounts and shows them when it does, so an early toast is late, never lost. Pages toast through
 * components/ui/lazy-toast.tsx, which loads sonner on the first toast; it reaches this one outlet.
 */
import { Suspense, lazy, useEffect, useState } from "react";

/** How long after the first render the outlet waits before asking for an idle moment (ms). */
export const TOASTER_DELAY_MS = 1500;

const AppToaster = lazy(async () => ({ default: (await import("~/components/ui/toaster")).AppToaster }));

/** Renders nothing at first, then sonner's `<Toaster>` (components/ui/toaster.tsx). */
export function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === "function")
        idle = requestIdleCallback(() => setReady(true), { timeout: 1000 });
      else setReady(true);
    }, TOASTER_DELAY_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
