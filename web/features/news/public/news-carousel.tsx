/**
 * The home news carousel (docs/product.md#public-home; WAI-ARIA carousel pattern): previous/next arrows (mirrored
 * in RTL), a pause/resume toggle, the slides, and one dot per scroll position. The controls are there only when
 * there is somewhere to move to (carousel-plan.ts): before Embla has measured, CSS hides them at the widths where
 * every item fits, so the server HTML already shows what stays after hydration. Without JavaScript the slides form
 * a horizontally scrollable row, so every item can still be read.
 */
import type { ReactNode } from "react";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/public-ui/button-styles";
import { cn } from "~/components/public-ui/cn";
import { formatNumber } from "~/lib/format";
import { controlsVisibilityClass } from "./carousel-plan";
import type { PublicNews } from "./news-format";
import { NewsSlide } from "./news-slide";
import { useNewsCarousel } from "./use-news-carousel";

/** Props of NewsCarousel. */
export interface NewsCarouselProps {
  items: PublicNews[];
  /** Stops autoplay while true (the detail modal is open). */
  held: boolean;
  onReadMore: (item: PublicNews) => void;
  /** The section heading, shown at the start of the controls row. */
  header?: ReactNode;
}

const controlClass = buttonClass({ variant: "outline", size: "icon", round: true, className: "shadow-sm" });

/** The carousel region. */
export function NewsCarousel({ items, held, onReadMore, header }: NewsCarouselProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const dir = lang.startsWith("ar") ? "rtl" : "ltr";
  const c = useNewsCarousel({ dir, held });
  // Measured by Embla once it runs; before that, one position per item, hidden by CSS where they all fit.
  const controls = c.ready ? c.plan.controls : items.length > 1;
  const dots = c.ready ? c.plan.dots : items.length;
  const hideWhereAllFit = c.ready ? "" : controlsVisibilityClass(items.length);

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={t("news.public.carousel")}
      data-testid="news-carousel"
      data-ready={c.ready}
      data-playing={c.playing}
    >
      <div className="mb-6 flex flex-wrap items-end justify-between gap-x-4 gap-y-5">
        {header}
        {controls && (
          <div className={cn("flex items-center gap-2", hideWhereAllFit)} data-testid="news-controls">
            <button
              type="button"
              className={controlClass}
              aria-label={t("news.public.pause")}
              title={t("news.public.pause")}
              aria-pressed={c.paused}
              onClick={c.togglePaused}
              data-testid="news-autoplay"
            >
              {c.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
            </button>
            <span aria-hidden="true" className="mx-1 h-6 w-px bg-border" />
            <button
              type="button"
              className={controlClass}
              aria-label={t("news.public.previous")}
              title={t("news.public.previous")}
              onClick={c.prev}
            >
              <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
            </button>
            <button
              type="button"
              className={controlClass}
              aria-label={t("news.public.next")}
              title={t("news.public.next")}
              onClick={c.next}
            >
              <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
            </button>
          </div>
        )}
      </div>

      <div
        ref={c.viewportRef}
        className={cn(
          "-my-2 py-2",
          c.ready ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto [scrollbar-width:thin]",
        )}
      >
        <div
          className="-ms-4 flex touch-pan-y touch-pinch-zoom sm:-ms-6"
          aria-live={c.playing ? "off" : "polite"}
          data-testid="news-slides"
        >
          {items.map((item, i) => (
            <NewsSlide key={item.id} item={item} index={i} total={items.length} onReadMore={onReadMore} />
          ))}
        </div>
      </div>

      {controls && (
        <div
          role="group"
          aria-label={t("news.public.dots")}
          className={cn("mt-5 flex flex-wrap items-center justify-center gap-1", hideWhereAllFit)}
          data-testid="news-dots"
        >
          {Array.from({ length: dots }, (_, i) => {
            const current = i === c.selected;
            return (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide position; positions are the identity
                key={i}
                type="button"
                aria-label={t("news.public.goTo", { n: formatNumber(i + 1, lang) })}
                aria-current={current ? "true" : undefined}
                onClick={() => c.goTo(i)}
                className="group grid size-7 place-items-center rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "block h-2.5 rounded-full transition-all motion-reduce:transition-none",
                    current ? "w-7 bg-primary" : "w-2.5 bg-blue-950/25 group-hover:bg-blue-950/45",
                  )}
                />
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
