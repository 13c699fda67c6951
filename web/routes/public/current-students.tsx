/**
 * /current-students — Prep-3 teacher selection (docs/product.md#teacher-selection). Arabic-first
 * inside the public shell: a national-ID search, the student card with the current selections and the status
 * line, then (while choosing or updating is allowed) the teacher cards per subject with live seat counts and a
 * sticky submit bar; confirmation dialog, toasts and the modals. All data is read in the browser (per-ID rate
 * limits, no personal data in the HTML).
 */
import { Suspense, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ClipboardCheck, MousePointerClick, RefreshCw, Search, UsersRound } from "lucide-react";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy";
import { PageHero } from "~/components/public-ui/page-hero";
import { PublicLayout } from "~/features/shell/public/public-layout";
import { LazyToaster } from "~/components/ui/lazy-toast";
import { LookupForm } from "~/features/selection/public/lookup-form";
import { useTeacherSelection } from "~/features/selection/public/use-teacher-selection";
import { pageTitle } from "~/i18n";
import { formatNumber } from "~/lib/format";
import type { Route } from "./+types/current-students";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "selection.meta.title", { description: "selection.meta.description" });
}

// Everything shown after a search loads with the first search (see on-demand.ts).
const loadOnDemand = () => import("~/features/selection/public/on-demand");
const StudentPanel = lazyNamed(loadOnDemand, "StudentPanel");
const TeacherPicker = lazyNamed(loadOnDemand, "TeacherPicker");
const SubmitBar = lazyNamed(loadOnDemand, "SubmitBar");
const OutcomeDialog = lazyNamed(loadOnDemand, "OutcomeDialog");
const ConfirmDialog = lazyNamed(loadOnDemand, "ConfirmDialog");

const STEPS = [
  { key: "lookup", icon: Search },
  { key: "choose", icon: MousePointerClick },
  { key: "confirm", icon: ClipboardCheck },
  { key: "update", icon: RefreshCw },
] as const;

/** The teacher-selection page. */
export default function CurrentStudents() {
  const { t } = useTranslation();
  const s = useTeacherSelection();
  const inputRef = useRef<HTMLInputElement>(null);
  const modalOpen = s.modal !== null || s.incomplete !== null || s.pending !== null;
  const dialogsMounted = useOpenedOnce(modalOpen);

  return (
    <PublicLayout scrollTopHidden={modalOpen || (s.phase === "ready" && s.choosing)}>
      <LazyToaster duration={3500} />
      <PageHero
        id="selection-title"
        icon={UsersRound}
        eyebrow={t("selection.hero.eyebrow")}
        title={t("selection.hero.title")}
        intro={t("selection.hero.intro")}
      />

      <div className="relative mx-auto -mt-16 max-w-5xl px-4 pb-16 sm:px-6 md:pb-24">
        <div className="mx-auto max-w-3xl rounded-2xl border bg-card p-5 shadow-lg shadow-blue-950/5 sm:p-7">
          <LookupForm
            loading={s.phase === "loading"}
            rateLimited={s.rateLimited}
            inputRef={inputRef}
            onSearch={(id) => {
              void loadOnDemand();
              void s.lookup(id);
            }}
          />
        </div>

        <div className="mt-8" aria-live="polite">
          {s.phase === "ready" && s.loaded && s.mode ? (
            <>
              <p className="sr-only">{t("selection.student.found", { name: s.loaded.student.full_name })}</p>
              <Suspense fallback={<PanelSkeleton />}>
                <StudentPanel student={s.loaded.student} state={s.loaded.state} mode={s.mode} />
              </Suspense>
            </>
          ) : s.phase === "loading" ? (
            <PanelSkeleton />
          ) : (
            <HowItWorks />
          )}
        </div>

        {s.phase === "ready" && s.loaded && s.choosing && (
          <section aria-labelledby="picker-title" className="mt-10">
            <div className="mb-5">
              <h2 id="picker-title" className="text-2xl font-bold text-blue-950">
                {t(s.mode === "update" ? "selection.picker.updateTitle" : "selection.picker.title")}
              </h2>
              <p className="mt-1.5 max-w-3xl leading-relaxed text-muted-foreground">{t("selection.picker.intro")}</p>
              <p className="mt-2 inline-flex items-center gap-2 text-sm font-semibold text-emerald-700">
                <span aria-hidden="true" className="relative flex size-2.5">
                  <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-500 opacity-60 motion-reduce:animate-none" />
                  <span className="relative inline-flex size-2.5 rounded-full bg-emerald-600" />
                </span>
                {t("selection.picker.live")}
              </p>
            </div>
            {s.groups.length === 0 ? (
              <p className="rounded-2xl border border-dashed bg-muted/30 px-5 py-8 text-center text-muted-foreground">
                {t("selection.picker.none")}
              </p>
            ) : (
              <Suspense fallback={null}>
                <TeacherPicker
                  groups={s.groups}
                  choices={s.choices}
                  saved={s.mode === "update" ? s.loaded.state.selections : []}
                  disabled={s.saving}
                  onChoose={s.choose}
                />
                <SubmitBar
                  chosen={s.progress.chosen}
                  total={s.progress.total}
                  saving={s.saving}
                  update={s.mode === "update"}
                  onSubmit={s.requestSubmit}
                />
              </Suspense>
            )}
          </section>
        )}
      </div>

      {dialogsMounted && (
        <Suspense fallback={null}>
          <OutcomeDialog kind={s.modal} onClose={s.closeModal} returnFocusTo={inputRef} />
          <OutcomeDialog
            kind={s.incomplete ? "incomplete" : null}
            incomplete={s.incomplete}
            onClose={s.closeIncomplete}
          />
          <ConfirmDialog
            pending={s.pending}
            teachers={s.loaded?.teachers ?? []}
            saved={s.mode === "update" ? (s.loaded?.state.selections ?? []) : []}
            update={s.mode === "update"}
            onCancel={s.cancelPending}
            onConfirm={() => void s.confirmSave()}
          />
        </Suspense>
      )}
    </PublicLayout>
  );
}

/** The steps shown before a search. */
function HowItWorks() {
  const { t, i18n } = useTranslation();
  return (
    <section
      aria-labelledby="steps-title"
      className="mx-auto max-w-3xl rounded-2xl border border-dashed bg-muted/30 p-5 sm:p-6"
    >
      <h2 id="steps-title" className="text-base font-bold text-blue-950">
        {t("selection.steps.title")}
      </h2>
      <ol className="mt-3 grid gap-3 sm:grid-cols-2">
        {STEPS.map(({ key, icon: Icon }, i) => (
          <li key={key} className="flex items-start gap-2.5 text-sm leading-relaxed text-muted-foreground">
            <span className="grid size-7 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
              <Icon className="size-4" aria-hidden="true" />
              <span className="sr-only">{formatNumber(i + 1, i18n.language)}</span>
            </span>
            <span className="pt-0.5">{t(`selection.steps.${key}`)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Placeholder while the student and the teachers load (the button already spins). */
function PanelSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-2xl border bg-card">
      <div className="h-24 animate-pulse bg-blue-950/80" />
      <div className="space-y-4 p-6">
        <div className="grid gap-3 sm:grid-cols-2">
          {[0, 1].map((i) => (
            <div key={i} className="h-16 animate-pulse rounded-xl bg-muted" />
          ))}
        </div>
        <div className="h-12 animate-pulse rounded-xl bg-muted" />
        <div className="h-40 animate-pulse rounded-xl bg-muted" />
      </div>
    </div>
  );
}
