/**
 * The news detail modal (docs/product.md#public-home): image or crest, title, author, publish date, the full content
 * in paragraphs and a close button. Opening it asks `GET /api/public/news/{id}` (the server counts a view) and shows
 * the fresher copy it returns; a failure is only logged, since the item from the carousel is already on screen.
 */
import { useEffect, useRef, useState } from "react";
import { CalendarDays, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { buttonClass } from "~/components/public-ui/button-styles";
import { cn } from "~/components/public-ui/cn";
import { apiClient, call } from "~/lib/api";
import { authorText, formatNewsDate, newsParagraphs, type PublicNews } from "./news-format";
import { NewsImage } from "./news-image";

/** Props of NewsDialog. `item` null = closed. */
export interface NewsDialogProps {
  item: PublicNews | null;
  onClose: () => void;
}

/** Fetches the item once per opening; returns the server's copy when it arrives, else null. */
function useFreshNews(id: number | null): PublicNews | null {
  const [fresh, setFresh] = useState<PublicNews | null>(null);
  useEffect(() => {
    setFresh(null);
    if (id === null) return;
    let live = true;
    // The typed client adds nothing to the home page's first load: this dialog is loaded on first use, and the
    // client's chunk (web/lib/api.ts) came with it anyway for the base URL.
    call(apiClient().api.public.news[":id"].$get({ param: { id: String(id) } }))
      .then(({ news }) => {
        if (live && news.id === id) setFresh(news);
      })
      .catch((err: unknown) => console.error("news detail: fetch failed", err));
    return () => {
      live = false;
    };
  }, [id]);
  return fresh;
}

/** The detail modal. Keeps showing the last item while it animates closed. */
export function NewsDialog({ item, onClose }: NewsDialogProps) {
  const { t, i18n } = useTranslation();
  const fresh = useFreshNews(item?.id ?? null);
  const [shown, setShown] = useState<PublicNews | null>(item);
  if (item && item !== shown) setShown(item);
  const base = item ?? shown;
  const news = fresh && base && fresh.id === base.id ? fresh : base;
  const date = formatNewsDate(news?.publish_date, i18n.language);
  const body = useRef<HTMLDivElement>(null);

  return (
    <Dialog open={!!item} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel={t("news.public.close")}
        className={cn(
          "flex flex-col gap-0 overflow-hidden p-0 sm:max-w-2xl",
          // The corner close button sits on the picture: give it a solid round backing.
          "[&>[data-slot=dialog-close]]:z-10 [&>[data-slot=dialog-close]]:grid [&>[data-slot=dialog-close]]:size-9 [&>[data-slot=dialog-close]]:place-items-center [&>[data-slot=dialog-close]]:rounded-full [&>[data-slot=dialog-close]]:bg-white/90 [&>[data-slot=dialog-close]]:text-blue-950 [&>[data-slot=dialog-close]]:opacity-100 [&>[data-slot=dialog-close]]:shadow",
        )}
        data-testid="news-dialog"
        // Start on the article itself (not the Close button below it): arrow keys then scroll the text.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          body.current?.focus();
        }}
      >
        {news && (
          <>
            <div
              ref={body}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll it (axe scrollable-region-focusable)
              tabIndex={0}
              className="min-h-0 flex-1 overflow-y-auto overscroll-contain focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset"
            >
              <NewsImage src={news.image_url} eager size="lg" tone={news.id} />
              <div className="p-5 sm:p-8">
                <DialogTitle
                  dir="auto"
                  className="text-xl leading-snug font-bold text-balance text-blue-950 sm:text-2xl"
                >
                  {news.title}
                </DialogTitle>
                <DialogDescription asChild>
                  <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-muted-foreground">
                    {news.author_name && (
                      <span className="inline-flex items-center gap-1.5">
                        <UserRound className="size-4" aria-hidden="true" />
                        {t("news.public.author", { author: authorText(news.author_name, t) })}
                      </span>
                    )}
                    {date && (
                      <span className="inline-flex items-center gap-1.5">
                        <CalendarDays className="size-4" aria-hidden="true" />
                        <time dateTime={news.publish_date ?? undefined}>{date}</time>
                      </span>
                    )}
                  </div>
                </DialogDescription>
                <div aria-hidden="true" className="mt-5 h-1 w-14 rounded-full bg-amber-400" />
                <div className="mt-5 space-y-4 text-base leading-loose text-foreground/90">
                  {newsParagraphs(news.content).map((p, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one article never reorder
                    <p key={i} dir="auto">
                      {p}
                    </p>
                  ))}
                </div>
              </div>
            </div>
            <div className="flex shrink-0 justify-end border-t bg-muted/40 px-5 py-3 sm:px-8">
              <DialogClose className={buttonClass({ variant: "primary", size: "md" })}>
                {t("news.public.close")}
              </DialogClose>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
