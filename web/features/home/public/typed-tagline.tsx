/**
 * The hero's looping typed tagline (docs/product.md#public-home, #limits): types each phrase at 50 ms per
 * character, holds it 2000 ms, erases it and moves on. The server renders the first phrase in full, so there is no
 * empty flash before hydration. Screen readers get the phrases once as a hidden list; the animation itself is
 * aria-hidden and `aria-live="off"`. With prefers-reduced-motion the phrases are shown together, without animation.
 */
import { useEffect, useState } from "react";
import { cn } from "~/components/public-ui/cn";
import { prefersReducedMotion } from "~/features/shell/public/scroll";

/** Milliseconds per typed (and erased) character. */
export const TYPE_SPEED = 50;
/** Milliseconds a fully typed phrase stays on screen. */
export const HOLD_MS = 2000;
/** Pause between erasing one phrase and typing the next. */
const GAP_MS = 350;

interface TypingState {
  index: number;
  length: number;
  deleting: boolean;
}

/** Next state and the delay before it, for the type → hold → erase → next loop. */
export function nextTyping(state: TypingState, phrases: readonly string[]): { state: TypingState; delay: number } {
  const chars = Array.from(phrases[state.index] ?? "");
  if (!state.deleting) {
    if (state.length < chars.length) return { state: { ...state, length: state.length + 1 }, delay: TYPE_SPEED };
    return { state: { ...state, deleting: true }, delay: HOLD_MS };
  }
  if (state.length > 0) return { state: { ...state, length: state.length - 1 }, delay: TYPE_SPEED };
  return { state: { index: (state.index + 1) % phrases.length, length: 0, deleting: false }, delay: GAP_MS };
}

/** Typed tagline cycling through `phrases`; `label` names the hidden list for screen readers. */
export function TypedTagline({
  phrases,
  label,
  className,
}: {
  phrases: readonly string[];
  label: string;
  className?: string;
}) {
  const [state, setState] = useState<TypingState>(() => ({
    index: 0,
    length: Array.from(phrases[0] ?? "").length,
    deleting: false,
  }));
  const [reduced, setReduced] = useState(false);

  useEffect(() => {
    setReduced(prefersReducedMotion());
    const query = window.matchMedia?.("(prefers-reduced-motion: reduce)");
    const onChange = () => setReduced(query.matches);
    query?.addEventListener("change", onChange);
    return () => query?.removeEventListener("change", onChange);
  }, []);

  const phrasesKey = phrases.join("\u0000");
  // biome-ignore lint/correctness/useExhaustiveDependencies: phrasesKey stands for phrases, so a new array with the same words does not restart the timer
  useEffect(() => {
    if (reduced || phrases.length === 0) return;
    const { state: next, delay } = nextTyping(state, phrases);
    const timer = window.setTimeout(() => setState(next), delay);
    return () => window.clearTimeout(timer);
    // phrasesKey stands for phrases, so a new array with the same words does not restart the timer.
  }, [state, phrasesKey, reduced]);

  const typed = Array.from(phrases[state.index] ?? "")
    .slice(0, state.length)
    .join("");

  return (
    <div className={className}>
      <ul className="sr-only" aria-label={label}>
        {phrases.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <p
        aria-hidden="true"
        aria-live="off"
        className={cn("min-h-[1.4em]", reduced ? "hidden" : "motion-reduce:hidden")}
      >
        <span>{typed}</span>
        <span className="ms-1 inline-block h-[0.9em] w-[3px] translate-y-[0.12em] animate-pulse rounded-full bg-current align-baseline" />
      </p>
      <p
        aria-hidden="true"
        className={cn(
          "flex-wrap items-center justify-center gap-x-3 gap-y-1 text-[0.6em] lg:justify-start",
          reduced ? "flex" : "hidden motion-reduce:flex",
        )}
      >
        {phrases.map((p, i) => (
          <span key={p} className="inline-flex items-center gap-3">
            {i > 0 && <span className="size-1.5 rounded-full bg-current opacity-60" />}
            {p}
          </span>
        ))}
      </p>
    </div>
  );
}
