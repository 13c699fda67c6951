/**
 * Publishing per academic year and semester (docs/product.md#results-publishing): `GET
 * /api/admin/results/publications` lists every year × semester; each has a switch that asks for confirmation
 * ("Publish results for 2024-2025 S2? Parents will be able to see them.") and then sends
 * `PUT /api/admin/results/publications`. The public results page only shows published semesters. Without
 * `canPublish` (a role without `results.publish`, docs/product.md#staff-and-roles) the states show without switches.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/lazy-toast";
import { Eye, EyeOff } from "lucide-react";
import type { PublicationJson, Semester } from "@worker/contracts/results";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { Switch } from "~/components/ui/switch";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { formatSchoolTime, localDigits } from "~/lib/format";
import { useReasonText } from "~/lib/reason-text";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { listPublications, setPublication } from "./results-api";

/** One term's key ("2024-2025|S1"), for sets and lookups of publications. */
export const publicationKey = (p: Pick<PublicationJson, "academic_year_name" | "semester">) =>
  `${p.academic_year_name}|${p.semester}`;

/** The terms' publication states: `rows` is null until loaded; `saved` puts one term's new state in the list. */
export interface Publications {
  rows: PublicationJson[] | null;
  saved: (p: PublicationJson) => void;
}

/**
 * Loads `GET /api/admin/results/publications` once. The page holds it and hands it to the card, so the card's
 * switches and the page's row actions (a teacher edits only unpublished terms) read the same list.
 */
export function usePublications(): Publications {
  const onAuthFailure = useHandleAuthFailure();
  const [rows, setRows] = useState<PublicationJson[] | null>(null);
  useEffect(() => {
    let live = true;
    listPublications().then(
      (list) => live && setRows(list),
      (err) => live && !onAuthFailure(err) && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [onAuthFailure]);
  const saved = useCallback(
    (p: PublicationJson) => setRows((old) => (old ?? []).map((r) => (publicationKey(r) === publicationKey(p) ? p : r))),
    [],
  );
  return { rows, saved };
}

/** The publishing card: one tile per academic year with a switch per semester (when the role may publish). */
export function PublicationsCard({
  publications,
  canPublish = true,
}: {
  publications: Publications;
  canPublish?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const onAuthFailure = useHandleAuthFailure();
  const { failureText } = useReasonText();
  const { rows } = publications;
  const [asking, setAsking] = useState<PublicationJson | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const years = [...new Set((rows ?? []).map((r) => r.academic_year_name))];
  const find = (year: string, semester: Semester) =>
    rows?.find((r) => r.academic_year_name === year && r.semester === semester);
  const semesterLabel = (s: string) => t(`results.semesters.${s}`);
  const vars = (p: PublicationJson) => ({
    year: localDigits(p.academic_year_name, i18n.language),
    semester: semesterLabel(p.semester),
  });
  const dateOf = (iso: string | null) => formatSchoolTime(iso, i18n.language, { dateStyle: "medium" });

  const apply = async () => {
    // The listed years are the server's (every academic year of the data).
    const year = asking?.academic_year_name;
    if (!asking || !year) return;
    setBusy(publicationKey(asking));
    try {
      const saved = await setPublication({
        academic_year_name: year,
        semester: asking.semester,
        is_published: !asking.is_published,
      });
      publications.saved(saved);
      toast.success(
        t(
          saved.is_published ? "results.publications.publishedToast" : "results.publications.unpublishedToast",
          vars(saved),
        ),
      );
      setAsking(null);
    } catch (err) {
      setAsking(null);
      if (onAuthFailure(err)) return;
      toast.error(failureText(err, t("results.publications.failed"), t("results.publications.network")));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle>
          <h2 className="text-base">{t("results.publications.title")}</h2>
        </CardTitle>
        <CardDescription>{t("results.publications.description")}</CardDescription>
      </CardHeader>
      <CardContent className="px-5">
        {rows === null ? (
          <div className="grid gap-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </div>
        ) : years.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("results.publications.none")}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3 2xl:grid-cols-5">
            {years.map((year) => (
              <li key={year} className="rounded-lg border bg-background px-3 py-2">
                <p className="mb-1 text-sm font-semibold tabular-nums">{localDigits(year, i18n.language)}</p>
                <div className="grid grid-cols-1 gap-1">
                  {(["S1", "S2"] as const).map((semester) => {
                    const p = find(year, semester);
                    if (!p) return null;
                    const id = `pub-${year}-${semester}`;
                    return (
                      <div
                        key={semester}
                        className="flex items-center justify-between gap-2"
                        title={
                          p.is_published && p.published_at
                            ? t("results.publications.publishedOn", { date: dateOf(p.published_at) })
                            : undefined
                        }
                      >
                        <label htmlFor={id} className="flex min-w-0 flex-1 items-center gap-1.5 text-sm">
                          {p.is_published ? (
                            <Eye className="size-3.5 shrink-0 text-success" aria-hidden="true" />
                          ) : (
                            <EyeOff className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                          )}
                          <span className="font-medium whitespace-nowrap">{semesterLabel(semester)}</span>
                          <span
                            className={`min-w-0 truncate text-xs ${p.is_published ? "text-[oklch(0.45_0.13_150)]" : "text-muted-foreground"}`}
                          >
                            {p.is_published ? t("results.publications.published") : t("results.publications.hidden")}
                          </span>
                        </label>
                        {canPublish && (
                          <Switch
                            id={id}
                            checked={p.is_published}
                            disabled={busy === publicationKey(p)}
                            onCheckedChange={() => setAsking(p)}
                            aria-label={t("results.publications.toggle", vars(p))}
                          />
                        )}
                      </div>
                    );
                  })}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={!!asking}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t(
          asking?.is_published
            ? "results.publications.confirmUnpublishTitle"
            : "results.publications.confirmPublishTitle",
        )}
        description={
          asking
            ? t(
                asking.is_published ? "results.publications.confirmUnpublish" : "results.publications.confirmPublish",
                vars(asking),
              )
            : ""
        }
        confirmLabel={t("results.publications.confirm")}
        cancelLabel={t("results.publications.cancel")}
        destructive={!!asking?.is_published}
        busy={!!busy}
        onConfirm={() => void apply()}
      />
    </Card>
  );
}
