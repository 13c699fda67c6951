/**
 * On-demand UI (≤ 150 KB of JavaScript per public route, docs/decisions/0012-public-page-weight.md; the console's time to usable, bench/README.md). Dialogs, menu
 * sheets and the panels shown after a lookup are not needed to paint or use the page, so their code
 * (Radix dialog, focus scope, scroll lock, tailwind-merge, …) loads the first time they open instead of with the
 * route. Pair `lazyNamed` with `useOpenedOnce`: the component mounts on first open and then stays mounted, so later
 * opens and every close animate as before.
 */
import { lazy, useState, type ComponentType, type LazyExoticComponent } from "react";

/**
 * `React.lazy` for a named export. `load` is the module's dynamic import; call it earlier (e.g. when a search
 * starts) to have the code ready by the time it is shown — the browser fetches a module only once.
 */
// `any` props: React.lazy's own constraint; each export keeps its real props type through M[K].
// biome-ignore lint/suspicious/noExplicitAny: see above
export function lazyNamed<K extends string, M extends Record<K, ComponentType<any>>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}

/** False until `open` has been true once, then true for good (the mounted component keeps its close animation). */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
