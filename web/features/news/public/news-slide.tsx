/** One carousel slide (docs/product.md#public-home): image or crest, date, title, excerpt and a read-more button. */
import { ArrowRight, CalendarDays } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/public-ui/button-styles";
import { formatNumber } from "~/lib/format";
import { formatNewsDate, newsExcerpt, type PublicNews } from "./news-format";
import { NewsImage } from "./news-image";

/** Props of NewsSlide. `index` is 0-based. */
export interface NewsSlideProps {
  item: PublicNews;
  index: number;
  total: number;
  onReadMore: (item: PublicNews) => void;
}

/** The slide: a `role="group"` labelled "N of M", holding the news card. */
export function NewsSlide({ item, index, total, onReadMore }: NewsSlideProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const titleId = `news-slide-title-${item.id}`;
  const date = formatNewsDate(item.publish_date, lang);
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={t("news.public.slideLabel", { n: formatNumber(index + 1, lang), total: formatNumber(total, lang) })}
      data-slide-index={index}
      className="min-w-0 shrink-0 grow-0 basis-[88%] snap-start ps-4 sm:basis-1/2 sm:ps-6 lg:basis-1/3"
    >
      <article
        aria-labelledby={titleId}
        className="group flex h-full flex-col overflow-hidden rounded-2xl border border-blue-950/10 bg-card shadow-sm transition-shadow hover:shadow-lg hover:shadow-blue-950/10"
      >
        <NewsImage src={item.image_url} eager={index === 0} tone={item.id} />
        <div className="flex flex-1 flex-col p-5 sm:p-6">
          {date && (
            <p className="flex items-center gap-1.5 text-sm font-semibold text-amber-700">
              <CalendarDays className="size-4" aria-hidden="true" />
              <time dateTime={item.publish_date ?? undefined}>{date}</time>
            </p>
          )}
          <h3
            id={titleId}
            dir="auto"
            className="mt-2 line-clamp-2 text-lg leading-snug font-bold text-balance text-blue-950 sm:text-xl"
          >
            {item.title}
          </h3>
          <p dir="auto" className="mt-2 line-clamp-3 leading-relaxed text-muted-foreground">
            {newsExcerpt(item)}
          </p>
          <div className="mt-auto pt-5">
            <button
              type="button"
              aria-describedby={titleId}
              onClick={() => onReadMore(item)}
              className={buttonClass({ variant: "outline", size: "sm", className: "group/btn" })}
            >
              {t("news.public.readMore")}
              <ArrowRight
                aria-hidden="true"
                className="transition-transform group-hover/btn:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover/btn:-translate-x-0.5 motion-reduce:transition-none"
              />
            </button>
          </div>
        </div>
      </article>
    </div>
  );
}
