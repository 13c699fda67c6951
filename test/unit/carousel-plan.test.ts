/**
 * The home news carousel's plan (web/features/news/public/carousel-plan.ts) over every item count and viewport width:
 * controls, dots and autoplay only where there is somewhere to move to, and the server HTML's CSS agreeing with it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  HIDDEN_FROM_CLASS,
  LG_MIN_PX,
  SM_MIN_PX,
  carouselPlan,
  controlsHiddenFrom,
  controlsVisibilityClass,
  movableAt,
  slidesPerView,
} from "../../web/features/news/public/carousel-plan";

const count = fc.integer({ min: 0, max: 60 });
const width = fc.integer({ min: 240, max: 3840 });
const flags = fc.record({ paused: fc.boolean(), held: fc.boolean() });

describe("news carousel plan", () => {
  it("never autoplays, and shows no controls or dots, when every item fits (the crash with 2 or 3 items)", () => {
    // What Embla measures: one position when every item fits; otherwise between 2 and one per item.
    const measured = fc.tuple(count, width).chain(([n, w]) =>
      fc.record({
        n: fc.constant(n),
        w: fc.constant(w),
        snaps: movableAt(n, w) ? fc.integer({ min: 2, max: n }) : fc.constant(n === 0 ? 0 : 1),
      }),
    );
    fc.assert(
      fc.property(measured, flags, ({ n, w, snaps }, f) => {
        const plan = carouselPlan({ snapCount: snaps, ...f });
        if (n <= slidesPerView(w)) {
          expect(plan).toEqual({ controls: false, dots: 0, autoplay: false });
        } else {
          expect(plan.controls).toBe(true);
          expect(plan.dots).toBe(snaps);
          expect(plan.autoplay).toBe(!f.paused && !f.held);
        }
      }),
    );
  });

  it("autoplays only with at least two scroll positions, whatever Embla measured", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), flags, (snapCount, f) => {
        const plan = carouselPlan({ snapCount, ...f });
        if (plan.autoplay) expect(snapCount).toBeGreaterThan(1);
        expect(plan.dots).toBe(plan.controls ? snapCount : 0);
        expect(plan.controls).toBe(snapCount > 1);
      }),
    );
  });

  it("hides the server-rendered controls by CSS exactly at the widths where every item fits", () => {
    fc.assert(
      fc.property(count, width, (n, w) => {
        const from = controlsHiddenFrom(n);
        const visible = from === null || w < from;
        expect(visible).toBe(movableAt(n, w));
      }),
    );
  });

  it("maps each breakpoint to one literal Tailwind class", () => {
    expect(controlsVisibilityClass(0)).toBe("hidden");
    expect(controlsVisibilityClass(1)).toBe("hidden");
    expect(controlsVisibilityClass(2)).toBe(HIDDEN_FROM_CLASS[SM_MIN_PX]);
    expect(controlsVisibilityClass(3)).toBe(HIDDEN_FROM_CLASS[LG_MIN_PX]);
    expect(controlsVisibilityClass(4)).toBe("");
    expect(controlsVisibilityClass(60)).toBe("");
  });

  it("shows one, two or three slides at the breakpoints of the slide widths", () => {
    expect([360, 639, 640, 768, 1023, 1024, 1366].map(slidesPerView)).toEqual([1, 1, 2, 2, 2, 3, 3]);
    expect([
      movableAt(0, 360),
      movableAt(1, 360),
      movableAt(2, 360),
      movableAt(2, 640),
      movableAt(3, 768),
      movableAt(3, 1024),
      movableAt(4, 1366),
    ]).toEqual([false, false, true, false, true, false, true]);
  });
});
