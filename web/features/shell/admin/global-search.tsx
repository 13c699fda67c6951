/**
 * Dashboard global search (docs/product.md#global-search; 300 ms debounce): students, fees and results, grouped,
 * up to 5 each. Choosing a hit opens its page with navigation state `{ search: student_no }`. Groups whose call
 * failed show the labelled sample data. The results panel (global-search-results.tsx) loads with the first search
 * (typing starts fetching it), not with the dashboard, whose first paint does not need it. Only the pages the
 * person's role may open are searched (docs/product.md#staff-and-roles).
 */
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Search, X } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { lazyNamed } from "~/lib/lazy";
import {
  globalSearch,
  SEARCH_PAGES,
  searchablePages,
  type SearchGroup,
} from "~/features/shell/admin/global-search-model";
import { useMe } from "~/lib/use-me";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "~/lib/use-debounce";

const loadResults = () => import("./global-search-results");
const GlobalSearchResults = lazyNamed(loadResults, "GlobalSearchResults");

/** The search card: input, live status and grouped results. */
export function GlobalSearch() {
  const { t } = useTranslation();
  const onAuthFailure = useHandleAuthFailure();
  const [query, setQuery] = useState("");
  const debounced = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const [result, setResult] = useState<{ query: string; groups: SearchGroup[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const me = useMe();
  // One string, so the search runs again only when the searchable pages change, not when `me` is refreshed.
  const pagesKey = searchablePages(me).join();

  useEffect(() => {
    if (!debounced) {
      setResult(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const pages = SEARCH_PAGES.filter((p) => pagesKey.split(",").includes(p));
    globalSearch(debounced, controller.signal, pages)
      .then((groups) => setResult({ query: debounced, groups }))
      .catch((err) => {
        if (controller.signal.aborted || onAuthFailure(err)) return;
        setResult({ query: debounced, groups: [] });
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [debounced, onAuthFailure, pagesKey]);

  const total = result?.groups.reduce((n, g) => n + g.hits.length, 0) ?? 0;
  const pending = loading || (query.trim() !== "" && query.trim() !== debounced);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>{t("admin.dashboard.search.title")}</h2>
        </CardTitle>
        <CardDescription>{t("admin.dashboard.search.label")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div role="search" className="relative">
          <Search
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              void loadResults();
            }}
            onKeyDown={(e) => e.key === "Escape" && setQuery("")}
            placeholder={t("admin.dashboard.search.placeholder")}
            aria-label={t("admin.dashboard.search.label")}
            aria-controls="global-search-results"
            className="h-11 ps-9 pe-10 [&::-webkit-search-cancel-button]:hidden"
          />
          <span className="absolute inset-y-0 end-0 flex w-10 items-center justify-center">
            {pending ? (
              <Spinner className="text-muted-foreground" label={t("admin.dashboard.search.searching")} />
            ) : (
              query && (
                <button
                  type="button"
                  onClick={() => setQuery("")}
                  aria-label={t("admin.dashboard.search.clear")}
                  className="rounded-sm p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              )
            )}
          </span>
        </div>
        <div id="global-search-results" aria-live="polite" aria-busy={pending}>
          {result && !pending && (
            <Suspense fallback={null}>
              <GlobalSearchResults query={result.query} groups={result.groups} total={total} />
            </Suspense>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
