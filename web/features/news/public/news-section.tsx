/**
 * The home page news section `#news` (docs/product.md#public-home): heading "آخر الأخبار" / "Latest News", the
 * carousel of the most recent published items (server-rendered by the home loader) and the detail modal.
 * With no published items it says so in a short section (the navbar's News link must lead somewhere); a spinner
 * shows while the page's data is being loaded again (a client-side navigation to the home page or a revalidation,
 * e.g. after the language switch).
 */
import { Suspense, useState } from "react";
import { LoaderCircle, Newspaper } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigation, useRevalidator } from "react-router";
import { SECTION_IDS } from "~/features/shell/public/constants";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy";
import type { PublicNews } from "./news-format";
import { NewsCarousel } from "./news-carousel";

// The detail modal (Radix dialog) loads on the first "Read more", not with the home page (public JavaScript
// budget, docs/decisions/0012-public-page-weight.md).
const loadDialog = () => import("./news-dialog");
const NewsDialog = lazyNamed(loadDialog, "NewsDialog");

/** The kit's spinner look (components/ui/spinner.tsx) without its tailwind-merge; `size` is a Tailwind size class. */
function Spinner({ size, label }: { size: "size-6" | "size-8"; label: string }) {
  return <LoaderCircle role="status" aria-label={label} className={`${size} animate-spin text-primary`} />;
}

/** Props of NewsSection. */
export interface NewsSectionProps {
  items: PublicNews[];
  /** Told when the detail modal opens/closes (the page hides its scroll-to-top button meanwhile). */
  onModalOpenChange?: (open: boolean) => void;
}

/** True while React Router is loading the data of the current page again. */
function useReloading(pathname: string): boolean {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  return (
    revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === pathname)
  );
}

/** The section: the carousel, a spinner while reloading, or a "no news yet" line. */
export function NewsSection({ items, onModalOpenChange }: NewsSectionProps) {
  const { t } = useTranslation();
  const loading = useReloading("/");
  const [open, setOpen] = useState<PublicNews | null>(null);
  const dialogMounted = useOpenedOnce(open !== null);
  const headingId = "news-title";

  const show = (item: PublicNews | null) => {
    setOpen(item);
    onModalOpenChange?.(!!item);
  };

  const header = (
    <div>
      <p className="inline-flex items-center gap-2 text-sm font-bold text-amber-700">
        <Newspaper className="size-4" aria-hidden="true" />
        {t("news.public.subtitle")}
      </p>
      <div className="mt-1 flex items-center gap-3">
        <h2 id={headingId} className="text-3xl font-bold text-blue-950 sm:text-4xl">
          {t("news.public.title")}
        </h2>
        {loading && items.length > 0 && <Spinner size="size-6" label={t("news.public.loading")} />}
      </div>
      <div aria-hidden="true" className="mt-3 h-1 w-16 rounded-full bg-amber-400" />
    </div>
  );

  return (
    <section
      id={SECTION_IDS.news}
      aria-labelledby={headingId}
      aria-busy={loading || undefined}
      // Hovering or tabbing into the news fetches the detail modal ahead of a "Read more".
      onPointerOver={() => void loadDialog()}
      onFocus={() => void loadDialog()}
      className="scroll-mt-24 bg-linear-to-b from-sky-50/70 to-background py-14 md:py-20"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {items.length > 0 ? (
          <NewsCarousel items={items} held={!!open} onReadMore={show} header={header} />
        ) : (
          <>
            {header}
            {loading ? (
              <div className="grid min-h-48 place-items-center">
                <Spinner size="size-8" label={t("news.public.loading")} />
              </div>
            ) : (
              <p
                data-testid="news-empty"
                className="mt-8 rounded-xl border border-dashed border-blue-200 bg-white/70 px-6 py-10 text-center text-muted-foreground"
              >
                {t("news.public.empty")}
              </p>
            )}
          </>
        )}
      </div>
      {dialogMounted && (
        <Suspense fallback={null}>
          <NewsDialog item={open} onClose={() => show(null)} />
        </Suspense>
      )}
    </section>
  );
}
