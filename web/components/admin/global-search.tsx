/**
 * Dashboard global search (spec §2 "Dashboard overview", §9: 300 ms debounce): students, fees and results,
 * grouped, up to 5 each. Choosing a hit opens its page with navigation state `{ search: student_no }`.
 * Groups whose call failed show the labelled sample data (spec §3).
 */
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { ClipboardList, GraduationCap, Search, Wallet, X, type LucideIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { ADMIN_PAGE_PATHS, type AdminListPage, type AdminNavState } from "~/lib/admin-events";
import { globalSearch, type SearchGroup, type SearchHit } from "~/lib/admin-search";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useDebouncedValue } from "~/lib/use-debounce";

/** Global search debounce (spec §9). */
export const SEARCH_DEBOUNCE_MS = 300;

const ICONS: Record<AdminListPage, LucideIcon> = { students: GraduationCap, fees: Wallet, results: ClipboardList };
const STATUS_VARIANT: Record<string, "success" | "warning" | "destructive" | "secondary"> = {
  active: "success",
  paid: "success",
  partially_paid: "warning",
  pending: "warning",
  not_paid: "destructive",
  overdue: "destructive",
  inactive: "secondary",
};

function Hit({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const details = hit.details.map((d) => t(`admin.grades.${d}`, { defaultValue: d }));
  return (
    <li>
      <button
        type="button"
        onClick={() => navigate(ADMIN_PAGE_PATHS[hit.page], { state: { search: hit.studentNo } satisfies AdminNavState })}
        className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-start outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium break-words">{hit.name || "—"}</span>
          <span className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            <span dir="ltr" className="font-mono">
              {hit.studentNo}
            </span>
            {details.map((d, i) => (
              <span key={i} className="rounded bg-muted px-1.5 py-px">
                {d}
              </span>
            ))}
          </span>
        </span>
        {hit.status && (
          <Badge variant={STATUS_VARIANT[hit.status] ?? "secondary"}>{t(`admin.dashboard.status.${hit.status}`, { defaultValue: hit.status })}</Badge>
        )}
      </button>
    </li>
  );
}

function Group({ group }: { group: SearchGroup }) {
  const { t } = useTranslation();
  const Icon = ICONS[group.page];
  const headingId = `search-group-${group.page}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border bg-background p-3">
      <div className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1 px-2">
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <h3 id={headingId} className="text-sm font-semibold">
          {t(`admin.dashboard.search.groups.${group.page}`)}
        </h3>
        <span className="text-xs text-muted-foreground">({group.hits.length})</span>
        {group.sample && (
          <Badge variant="warning" className="ms-auto" title={t("admin.dashboard.search.sampleNote")}>
            {t("admin.dashboard.search.sample")}
          </Badge>
        )}
      </div>
      {group.hits.length ? (
        <ul className="space-y-0.5">
          {group.hits.map((h) => (
            <Hit key={h.key} hit={h} />
          ))}
        </ul>
      ) : (
        <p className="px-2 py-2 text-sm text-muted-foreground">{t("admin.dashboard.search.noneInGroup")}</p>
      )}
    </section>
  );
}

/** The search card: input, live status and grouped results. */
export function GlobalSearch() {
  const { t } = useTranslation();
  const onAuthFailure = useHandleAuthFailure();
  const [query, setQuery] = useState("");
  const debounced = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const [result, setResult] = useState<{ query: string; groups: SearchGroup[] } | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!debounced) {
      setResult(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    globalSearch(debounced, controller.signal)
      .then((groups) => setResult({ query: debounced, groups }))
      .catch((err) => {
        if (controller.signal.aborted || onAuthFailure(err)) return;
        setResult({ query: debounced, groups: [] });
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [debounced, onAuthFailure]);

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
          <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
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
            <>
              <p className="sr-only">{t("admin.dashboard.search.found", { count: total })}</p>
              {total === 0 ? (
                <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
                  {t("admin.dashboard.search.empty", { query: result.query })}
                </p>
              ) : (
                <div className="grid gap-3 md:grid-cols-3">
                  {result.groups.map((g) => (
                    <Group key={g.page} group={g} />
                  ))}
                </div>
              )}
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
