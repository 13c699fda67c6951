/**
 * The news carousel's behaviour on Embla (embla-carousel-react + embla-carousel-autoplay),
 * docs/product.md#public-home: looping, autoplay every 5000 ms, stopped while `held` (the detail modal is open),
 * while the pointer is over the carousel or the keyboard focus is inside it (a visitor reaching for "Read more" must
 * not see the slide leave), or paused by the visitor, and off by default under prefers-reduced-motion (the visitor
 * may still start it). Arrows and dots restart the timer.
 *
 * Autoplay state has one owner, this hook: the plugin only stops on its own for a drag (pointerDown), and the
 * hook restarts it on pointerUp when it should be playing.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import useEmblaCarousel from "embla-carousel-react";
import Autoplay from "embla-carousel-autoplay";
import { carouselPlan, type CarouselPlan } from "./carousel-plan";
import { AUTOPLAY_DELAY_MS } from "./news-format";

type EmblaApi = NonNullable<ReturnType<typeof useEmblaCarousel>[1]>;

/**
 * Starts autoplay only while Embla has somewhere to move to. With every slide in view Embla keeps one scroll
 * position and the autoplay plugin skips its set-up (no delays), so its `play()` would throw; the count is read from
 * Embla itself, never from React state that may not have caught up with a re-measure yet.
 */
function playIfMovable(api: EmblaApi): void {
  if (api.scrollSnapList().length > 1) api.plugins().autoplay?.play();
}

/** True while the visitor asks for reduced motion (false on the server and before hydration). */
function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.("(prefers-reduced-motion: reduce)");
    if (!query) return;
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

/** What the carousel component needs. */
export interface NewsCarouselState {
  viewportRef: ReturnType<typeof useEmblaCarousel>[0];
  /** True once Embla runs (before that the slides are a plain scrollable row: the no-JavaScript layout). */
  ready: boolean;
  /** Index of the selected slide. */
  selected: number;
  /** Number of scroll positions Embla measured (one per slide while looping; 1 when all fit; 0 before it runs). */
  snapCount: number;
  /** Controls, dots and autoplay for the measured carousel (carousel-plan.ts). */
  plan: CarouselPlan;
  /** Autoplay is paused (by the visitor, or by default under reduced motion). */
  paused: boolean;
  /** Autoplay is actually running now. */
  playing: boolean;
  togglePaused: () => void;
  prev: () => void;
  next: () => void;
  goTo: (index: number) => void;
}

/** Embla + autoplay for the slides in reading direction `dir`; `held` stops autoplay (e.g. a modal is open). */
export function useNewsCarousel({ dir, held }: { dir: "rtl" | "ltr"; held: boolean }): NewsCarouselState {
  const reducedMotion = usePrefersReducedMotion();
  const autoplay = useMemo(
    () =>
      Autoplay({
        delay: AUTOPLAY_DELAY_MS,
        playOnInit: false,
        stopOnInteraction: true,
        stopOnFocusIn: false,
        stopOnMouseEnter: false,
      }),
    [],
  );
  const [viewportRef, api] = useEmblaCarousel({ loop: true, align: "start", direction: dir, duration: 30 }, [autoplay]);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [playing, setPlaying] = useState(false);

  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const paused = userPaused ?? reducedMotion;
  const plan = carouselPlan({ snapCount, paused, held: held || hovered || focused });
  const shouldPlay = plan.autoplay;
  const shouldPlayRef = useRef(shouldPlay);
  shouldPlayRef.current = shouldPlay;
  const jumpRef = useRef(reducedMotion);
  jumpRef.current = reducedMotion;

  useEffect(() => {
    if (!api) return;
    const sync = () => {
      setSelected(api.selectedScrollSnap());
      setSnapCount(api.scrollSnapList().length);
    };
    const onReInit = () => {
      sync();
      if (shouldPlayRef.current) playIfMovable(api);
    };
    const onPointerUp = () => {
      if (shouldPlayRef.current) playIfMovable(api);
    };
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    sync();
    // Before hydration the row scrolls natively (no-JavaScript layout); Embla measured from that position, so go
    // back to the start and measure again.
    const root = api.rootNode();
    if (root.scrollLeft !== 0) {
      root.scrollLeft = 0;
      api.reInit();
    }
    // The whole carousel region (slides and controls), not only Embla's viewport.
    const region = root.closest<HTMLElement>("[aria-roledescription=carousel]") ?? root;
    const onEnter = () => setHovered(true);
    const onLeave = () => setHovered(false);
    const onFocusIn = () => setFocused(true);
    const onFocusOut = (e: FocusEvent) => {
      if (!region.contains(e.relatedTarget as Node | null)) setFocused(false);
    };
    region.addEventListener("mouseenter", onEnter);
    region.addEventListener("mouseleave", onLeave);
    region.addEventListener("focusin", onFocusIn);
    region.addEventListener("focusout", onFocusOut);
    api
      .on("select", sync)
      .on("reInit", onReInit)
      .on("pointerUp", onPointerUp)
      .on("autoplay:play", onPlay)
      .on("autoplay:stop", onStop);
    return () => {
      region.removeEventListener("mouseenter", onEnter);
      region.removeEventListener("mouseleave", onLeave);
      region.removeEventListener("focusin", onFocusIn);
      region.removeEventListener("focusout", onFocusOut);
      api
        .off("select", sync)
        .off("reInit", onReInit)
        .off("pointerUp", onPointerUp)
        .off("autoplay:play", onPlay)
        .off("autoplay:stop", onStop);
    };
  }, [api]);

  useEffect(() => {
    const plugin = api?.plugins().autoplay;
    if (!api || !plugin) return;
    if (shouldPlay) playIfMovable(api);
    else plugin.stop();
  }, [api, shouldPlay]);

  const restartTimer = useCallback(() => api?.plugins().autoplay?.reset(), [api]);
  const prev = useCallback(() => {
    api?.scrollPrev(jumpRef.current);
    restartTimer();
  }, [api, restartTimer]);
  const next = useCallback(() => {
    api?.scrollNext(jumpRef.current);
    restartTimer();
  }, [api, restartTimer]);
  const goTo = useCallback(
    (index: number) => {
      api?.scrollTo(index, jumpRef.current);
      restartTimer();
    },
    [api, restartTimer],
  );
  const togglePaused = useCallback(() => setUserPaused((p) => !(p ?? reducedMotion)), [reducedMotion]);

  return { viewportRef, ready: !!api, selected, snapCount, plan, paused, playing, togglePaused, prev, next, goTo };
}
