/**
 * /admin/dashboard (docs/product.md#dashboard): the statistics (students, fees, paid share, overdue, online today)
 * that reload live on fees_changed / students_changed (throttled to one reload per second), Quick Actions and the
 * global search. The fee figures show only to a role with `fees.read` (docs/product.md#staff-and-roles).
 */
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AlarmClock, Banknote, Globe, Percent, Users } from "lucide-react";
import { Link } from "react-router";
import { apiClient, call } from "~/lib/api";
import { useHandleAuthFailure, isAuthFailure } from "~/lib/auth-failure";
import { formatEgp, formatNumber, formatPercent } from "~/lib/format";
import { useLiveEvents, type LiveStatus } from "~/lib/live-events";
import { cn } from "~/lib/utils";
import { StatCard } from "~/features/dashboard/admin/stat-card";
import { QuickActions } from "~/features/dashboard/admin/quick-actions";
import { GlobalSearch } from "~/features/shell/admin/global-search";
import { meCan, useCan, useMe } from "~/lib/use-me";
import { lazyNamed } from "~/lib/lazy";

/** The top charts (their cards and Recharts) load after the figures, for the roles that read reports. */
const DashboardCharts = lazyNamed(() => import("~/features/reports/admin/dashboard-charts"), "DashboardCharts");

const STAT_EVENTS = ["fees_changed", "students_changed"];

interface Stats {
  activeStudents: number | null;
  totalFees: number | null;
  paidPercentage: number | null;
  overdueAmount: number | null;
  overdueStudents: number | null;
  /** Of overdueAmount: what the years before the current one owe (the arrears). */
  arrearsAmount: number | null;
  onlineToday: number | null;
  onlineTodayCount: number | null;
}

/** The Online payments page (docs/product.md#online-payments), paid ones first. */
export const ONLINE_PAYMENTS_PATH = "/admin/dashboard/fees/online?status=paid";

/** The overdue list: the Fees page filtered to the current year's records with an instalment past due, largest first. */
export const OVERDUE_LIST_PATH = "/admin/dashboard/fees?status=overdue";

/** The overdue arrears: the earlier years' records with an instalment past due (the rest of the Overdue card). */
export const OVERDUE_ARREARS_PATH = "/admin/dashboard/fees?status=overdue&year=arrears";

/** The figure of a settled call, or null when it failed or was not asked (the card then says "Unavailable"). */
const figure = <T,>(r: PromiseSettledResult<T | null>, pick: (body: T) => number): number | null =>
  r.status === "fulfilled" && r.value !== null ? pick(r.value) : null;

/**
 * Loads the statistics; reloads on live events (an online payment recorded by Paymob's callback or "Check now"
 * publishes fees_changed too, so "Online today" moves live). Returns null until the first load ends.
 */
function useDashboardStats(fees: boolean | null): { stats: Stats | null; live: LiveStatus } {
  const onAuthFailure = useHandleAuthFailure();
  const [stats, setStats] = useState<Stats | null>(null);
  const seq = useRef(0);

  const load = useCallback(async () => {
    const mine = ++seq.current;
    const client = apiClient();
    // Nothing is asked before the person is known; a role without `fees.read` (the registrar) is never asked for the
    // fee figures it would be refused.
    if (fees === null) return;
    const ifFees = <T,>(ask: () => Promise<T>): Promise<T | null> => (fees ? ask() : Promise.resolve(null));
    const [active, total, paid, overdue, online] = await Promise.allSettled([
      call(client.api.students.active.count.$get()),
      ifFees(() => call(client.api.fees.TotalFees.$get())),
      ifFees(() => call(client.api.fees["paid-percentage"].$get())),
      ifFees(() => call(client.api.fees["overdue-summary"].$get())),
      ifFees(() => call(client.api.fees["online-today"].$get())),
    ]);
    if (mine !== seq.current) return;
    const denied = [active, total, paid, overdue, online].find(
      (r) => r.status === "rejected" && isAuthFailure(r.reason),
    );
    if (denied && denied.status === "rejected") {
      onAuthFailure(denied.reason);
      return;
    }
    setStats({
      activeStudents: figure(active, (b) => b.activeStudents),
      totalFees: figure(total, (b) => b.totalFees),
      paidPercentage: figure(paid, (b) => b.paidPercentage),
      overdueAmount: figure(overdue, (b) => b.overdueAmount),
      overdueStudents: figure(overdue, (b) => b.overdueStudents),
      arrearsAmount: figure(overdue, (b) => b.arrearsAmount ?? 0),
      onlineToday: figure(online, (b) => b.onlineToday),
      onlineTodayCount: figure(online, (b) => b.onlineTodayCount),
    });
  }, [onAuthFailure, fees]);

  useEffect(() => {
    void load();
    return () => {
      seq.current++;
    };
  }, [load]);

  const live = useLiveEvents(STAT_EVENTS, () => void load(), { throttleMs: 1000 });
  return { stats, live };
}

function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation();
  const dot = { open: "bg-success", connecting: "bg-warning", error: "bg-destructive", idle: "bg-muted-foreground" }[
    status
  ];
  return (
    <span
      className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground"
      role="status"
    >
      <span className="relative flex size-2">
        {status === "open" && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
        )}
        <span className={cn("relative inline-flex size-2 rounded-full", dot)} />
      </span>
      {t(`admin.dashboard.live.${status}`)}
    </span>
  );
}

/**
 * The Overdue card's two lists, which add up to its figure (docs/product.md#dashboard): this year's overdue list with
 * its amount, and the arrears (earlier years' overdue) with theirs when there are any.
 */
function OverdueLinks({ overdue, arrears }: { overdue: number | null; arrears: number | null }) {
  const { t, i18n } = useTranslation();
  const link = "inline-block text-xs font-medium text-primary underline-offset-4 hover:underline";
  const thisYear = overdue === null ? null : Math.max(0, Math.round((overdue - (arrears ?? 0)) * 100) / 100);
  return (
    <div className="mt-2 grid justify-items-start gap-1">
      <Link to={OVERDUE_LIST_PATH} className={link} data-testid="overdue-link">
        {thisYear === null
          ? t("admin.dashboard.stats.overdueLink")
          : t("admin.dashboard.stats.overdueThisYear", { amount: formatEgp(thisYear, i18n.language) })}
      </Link>
      {arrears !== null && arrears > 0 && (
        <Link to={OVERDUE_ARREARS_PATH} className={link} data-testid="overdue-arrears-link">
          {t("admin.dashboard.stats.overdueArrears", { amount: formatEgp(arrears, i18n.language) })}
        </Link>
      )}
    </div>
  );
}

/** The dashboard overview page. */
export default function Dashboard() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const { stats, live } = useDashboardStats(me ? meCan(me, "fees.read") : null);
  const fees = useCan("fees.read", true);
  const reports = useCan("reports.read");
  const lang = i18n.language;
  const loading = stats === null;
  const unavailable = t("admin.dashboard.stats.unavailable");
  const fmt = (v: number | null | undefined, f: (n: number, l?: string) => string) =>
    v === null || v === undefined ? null : f(v, lang);

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">
            {t("admin.dashboard.title")}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("admin.dashboard.subtitle")}</p>
        </div>
        <LiveIndicator status={live} />
      </div>

      <section aria-label={t("admin.dashboard.title")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-6">
        <StatCard
          className="xl:col-span-2"
          label={t("admin.dashboard.stats.students")}
          hint={t("admin.dashboard.stats.studentsHint")}
          value={fmt(stats?.activeStudents, (n, l) => formatNumber(n, l))}
          icon={Users}
          loading={loading}
          unavailable={unavailable}
        />
        {fees && (
          <>
            <StatCard
              className="xl:col-span-2"
              label={t("admin.dashboard.stats.fees")}
              hint={t("admin.dashboard.stats.feesHint")}
              value={fmt(stats?.totalFees, formatEgp)}
              icon={Banknote}
              loading={loading}
              unavailable={unavailable}
              tone="bg-success/12 text-success"
            />
            <StatCard
              className="xl:col-span-2"
              label={t("admin.dashboard.stats.paid")}
              hint={t("admin.dashboard.stats.paidHint")}
              value={fmt(stats?.paidPercentage, formatPercent)}
              icon={Percent}
              loading={loading}
              unavailable={unavailable}
              tone="bg-warning/15 text-[oklch(0.5_0.13_60)]"
            />
            <StatCard
              className="xl:col-span-3"
              label={t("admin.dashboard.stats.overdue")}
              hint={
                stats?.overdueStudents == null
                  ? ""
                  : t("admin.dashboard.stats.overdueHint", {
                      count: stats.overdueStudents,
                      formatted: formatNumber(stats.overdueStudents, lang),
                    })
              }
              value={fmt(stats?.overdueAmount, formatEgp)}
              icon={AlarmClock}
              loading={loading}
              unavailable={unavailable}
              tone="bg-destructive/10 text-destructive"
              action={<OverdueLinks overdue={stats?.overdueAmount ?? null} arrears={stats?.arrearsAmount ?? null} />}
            />
            <StatCard
              className="sm:col-span-2 xl:col-span-3"
              label={t("admin.dashboard.stats.online")}
              hint={
                stats?.onlineTodayCount == null
                  ? ""
                  : t("admin.dashboard.stats.onlineHint", {
                      count: stats.onlineTodayCount,
                      formatted: formatNumber(stats.onlineTodayCount, lang),
                    })
              }
              value={fmt(stats?.onlineToday, formatEgp)}
              icon={Globe}
              loading={loading}
              unavailable={unavailable}
              tone="bg-sky-500/12 text-sky-700"
              action={
                <Link
                  to={ONLINE_PAYMENTS_PATH}
                  className="mt-2 inline-block text-xs font-medium text-primary underline-offset-4 hover:underline"
                  data-testid="online-link"
                >
                  {t("admin.dashboard.stats.onlineLink")}
                </Link>
              }
            />
          </>
        )}
      </section>

      {reports && (
        <Suspense fallback={null}>
          <DashboardCharts />
        </Suspense>
      )}

      <QuickActions />
      <GlobalSearch />
    </div>
  );
}
