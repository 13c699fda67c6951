/**
 * The global search's grouped results (docs/product.md#global-search): per page (students, fees, results) up to 5
 * hits with ID, grade and status; choosing one opens its page with navigation state `{ search: student_no }`.
 * Its own module: global-search.tsx loads it when the first results arrive, not with the dashboard.
 */
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { ClipboardList, GraduationCap, Wallet, type LucideIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { formatNumber, localDigits } from "~/lib/format";
import { ADMIN_PAGE_PATHS, type AdminListPage, type AdminNavState } from "~/lib/admin-events";
import type { SearchGroup, SearchHit } from "~/features/shell/admin/global-search-model";

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

/**
 * One detail of a hit as the page's language says it: a grade or semester translated ("S1" → "الفصل الأول"), a year
 * or a mark in the page's digits ("٢٠٢٤-٢٠٢٥").
 */
export function hitDetailText(detail: string, t: TFunction, lang: string): string {
  if (/^S[12]$/.test(detail)) return t(`results.semesters.${detail}`);
  return localDigits(t(`admin.grades.${detail}`, { defaultValue: detail }), lang);
}

function Hit({ hit }: { hit: SearchHit }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const details = hit.details.map((d) => hitDetailText(d, t, i18n.language));
  return (
    <li>
      <button
        type="button"
        onClick={() =>
          navigate(ADMIN_PAGE_PATHS[hit.page], { state: { search: hit.studentNo } satisfies AdminNavState })
        }
        className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-start outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <span className="min-w-0 flex-1">
          {/* The name is the school's data, in whatever script it was typed: isolated as every table's is. */}
          <span className="block text-sm font-medium break-words">{hit.name ? <bdi>{hit.name}</bdi> : "—"}</span>
          <span className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            <span dir="ltr" className="font-mono">
              {hit.studentNo}
            </span>
            {details.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: highlighted fragments of one label never reorder
              <span key={i} className="rounded bg-muted px-1.5 py-px">
                {d}
              </span>
            ))}
          </span>
        </span>
        {hit.status && (
          <Badge variant={STATUS_VARIANT[hit.status] ?? "secondary"}>
            {t(`admin.dashboard.status.${hit.status}`, { defaultValue: hit.status })}
          </Badge>
        )}
      </button>
    </li>
  );
}

function Group({ group }: { group: SearchGroup }) {
  const { t, i18n } = useTranslation();
  const Icon = ICONS[group.page];
  const headingId = `search-group-${group.page}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border bg-background p-3">
      <div className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1 px-2">
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <h3 id={headingId} className="text-sm font-semibold">
          {t(`admin.dashboard.search.groups.${group.page}`)}
        </h3>
        <span className="text-xs text-muted-foreground">({formatNumber(group.hits.length, i18n.language)})</span>
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

/** The found groups (or the "nothing found" line) for `query`; `total` is the number of hits over all groups. */
export function GlobalSearchResults({ query, groups, total }: { query: string; groups: SearchGroup[]; total: number }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="sr-only">{t("admin.dashboard.search.found", { count: total })}</p>
      {total === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          {t("admin.dashboard.search.empty", { query })}
        </p>
      ) : (
        <div className="grid gap-3 md:grid-cols-3">
          {groups.map((g) => (
            <Group key={g.page} group={g} />
          ))}
        </div>
      )}
    </>
  );
}
