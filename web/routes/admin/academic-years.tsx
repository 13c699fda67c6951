/**
 * /admin/dashboard/academic-years — Academic years (docs/product.md#academic-years-and-rollover), administrators
 * only: every year with its state and dates, Create the next year, Edit dates (while not closed), Make current (the next
 * upcoming year, before its start date; the current one closes) and Close (the current year; the next becomes
 * current), each after a confirmation. Data is fetched in the browser with the administrator's token; every form's
 * list of years follows the same store (web/features/academic-years/admin/years-api.ts).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Plus, RefreshCw } from "lucide-react";
import type { AcademicYearDates, AcademicYearJson } from "@worker/contracts/academic-years";
import { nextYearName } from "@worker/services/academic-years/dates";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/lazy-toast";
import { Skeleton } from "~/components/ui/skeleton";
import { pageTitle } from "~/i18n";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { formatSchoolDay, localDigits } from "~/lib/format";
import { useReasonText } from "~/lib/reason-text";
import { cn } from "~/lib/utils";
import {
  closeYear,
  createYear,
  loadAcademicYears,
  makeYearCurrent,
  updateYearDates,
  useAcademicYears,
} from "~/features/academic-years/admin/years-api";
import { DatesDialog } from "~/features/academic-years/admin/dates-dialog";
import { YearCard } from "~/features/academic-years/admin/year-card";
import type { Route } from "./+types/academic-years";

/** `<title>`: "Academic years | school" in the console language. */
export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "academicYears.title", { noindex: true });
}

type Asking = { kind: "create" | "current" | "close"; year: string; other: string };

/** The Academic years page. */
export default function AcademicYearsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const onAuthFailure = useHandleAuthFailure();
  const { failureText } = useReasonText();
  const { list } = useAcademicYears();
  const [loading, setLoading] = useState(false);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [editing, setEditing] = useState<AcademicYearJson | null>(null);
  const [busy, setBusy] = useState(false);
  const years = list?.years ?? [];
  const newest = years[0]?.name;
  const next = newest ? nextYearName(newest) : null;
  const digits = (s: string) => localDigits(s, lang);

  const reload = async () => {
    setLoading(true);
    await loadAcademicYears();
    setLoading(false);
  };
  // The page shows the years as they are now, not as the layout's first request found them.
  useEffect(() => void loadAcademicYears(), []);
  /** Runs a change; a failure shows its reason. True when it succeeded. */
  const run = async (change: () => Promise<unknown>, done: string) => {
    try {
      await change();
      toast.success(done);
      await loadAcademicYears();
      return true;
    } catch (err) {
      if (!onAuthFailure(err))
        toast.error(failureText(err, t("academicYears.errors.failed"), t("academicYears.errors.network")));
      return false;
    }
  };
  const confirm = async () => {
    if (!asking) return;
    setBusy(true);
    const { kind, year } = asking;
    const y = { year: digits(year) };
    if (kind === "create") await run(() => createYear(year), t("academicYears.toast.created", y));
    if (kind === "current") await run(() => makeYearCurrent(year), t("academicYears.toast.madeCurrent", y));
    if (kind === "close") await run(() => closeYear(year), t("academicYears.toast.closed", y));
    setBusy(false);
    setAsking(null);
  };
  const saveDates = (name: string, dates: AcademicYearDates) =>
    run(() => updateYearDates(name, dates), t("academicYears.toast.saved", { year: digits(name) }));

  const firstUpcoming = years.filter((y) => y.state === "upcoming").at(-1)?.name;
  const actionsOf = (y: AcademicYearJson) => ({
    onEdit: y.state === "closed" ? null : () => setEditing(y),
    onMakeCurrent:
      y.name === firstUpcoming ? () => setAsking({ kind: "current", year: y.name, other: list?.current ?? "" }) : null,
    onClose:
      y.state === "current" && years.some((o) => o.name === nextYearName(y.name))
        ? () => setAsking({ kind: "close", year: y.name, other: nextYearName(y.name) })
        : null,
  });
  const askedYear = years.find((y) => y.name === asking?.year);
  const text =
    asking &&
    {
      create: [t("academicYears.createTitle", { year: digits(asking.year) }), t("academicYears.createBody")],
      current: [
        t("academicYears.makeCurrentTitle", { year: digits(asking.year) }),
        t("academicYears.makeCurrentBody", {
          year: digits(asking.year),
          old: digits(asking.other),
          date: formatSchoolDay(askedYear?.start_date, lang),
        }),
      ],
      close: [
        t("academicYears.closeTitle", { year: digits(asking.year) }),
        t("academicYears.closeBody", { year: digits(asking.year), next: digits(asking.other) }),
      ],
    }[asking.kind];

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">
            {t("academicYears.title")}
          </h1>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t("academicYears.description")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={reload} disabled={loading}>
            <RefreshCw className={cn(loading && "animate-spin")} aria-hidden="true" />
            {t("academicYears.refresh")}
          </Button>
          {next && (
            <Button onClick={() => setAsking({ kind: "create", year: next, other: "" })}>
              <Plus aria-hidden="true" />
              {t("academicYears.createNext", { year: digits(next) })}
            </Button>
          )}
        </div>
      </header>
      {list === null ? (
        <Skeleton className="h-40 w-full" aria-label={t("academicYears.loading")} />
      ) : years.length === 0 ? (
        <p className="text-muted-foreground">{t("academicYears.empty")}</p>
      ) : (
        <ul aria-label={t("academicYears.table.label")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {years.map((y) => (
            <YearCard key={y.name} year={y} actions={actionsOf(y)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!asking}
        onOpenChange={(open) => !open && setAsking(null)}
        title={text?.[0] ?? ""}
        description={text?.[1] ?? ""}
        confirmLabel={t("academicYears.confirm")}
        cancelLabel={t("academicYears.cancel")}
        busy={busy}
        onConfirm={confirm}
      />
      <DatesDialog year={editing} onClose={() => setEditing(null)} onSave={saveDates} />
    </div>
  );
}
