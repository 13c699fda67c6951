/**
 * Public home page (/), docs/product.md#public-home: hero, the news carousel and "why choose us". The loader reads
 * the 6 most recent published items on the server, so the carousel is in the HTML and readable without JavaScript;
 * a database failure is only logged, and the news section then says that nothing is published yet.
 */
import { useState } from "react";
import { getDb } from "@worker/db";
import { RECENT_NEWS_LIMIT } from "@worker/contracts/news";
import { recentPublishedNews } from "@worker/services/news";
import { workerContext } from "~/context";
import type { PublicNews } from "~/features/news/public/news-format";
import { NewsSection } from "~/features/news/public/news-section";
import { AboutSection } from "~/features/home/public/about-section";
import { HeroSection } from "~/features/home/public/hero-section";
import { PublicLayout } from "~/features/shell/public/public-layout";
import { pageTitle } from "~/i18n";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "home.meta.title", { description: "home.meta.description" });
}

/** `{ news }`: the most recent published items, newest first ([] when the database cannot be read). */
export async function loader({ context }: Route.LoaderArgs): Promise<{ news: PublicNews[] }> {
  try {
    return { news: await recentPublishedNews(getDb(context.get(workerContext).env), RECENT_NEWS_LIMIT) };
  } catch (err) {
    console.error("home: recent news could not be read", err);
    return { news: [] };
  }
}

/** The public home page. The scroll-to-top button stays hidden while a news item is open. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const [newsOpen, setNewsOpen] = useState(false);
  return (
    <PublicLayout scrollTopHidden={newsOpen}>
      <HeroSection />
      <NewsSection items={loaderData.news} onModalOpenChange={setNewsOpen} />
      <AboutSection />
    </PublicLayout>
  );
}
