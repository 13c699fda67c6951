/**
 * Payments still waiting, on /pay (docs/product.md#online-payments): a kiosk reference not paid yet (or a checkout
 * left open) is shown with its amount, when it started, its deadline and the reference this browser saw, and can be
 * opened again; starting a new payment while one waits asks first, so a family does not pay twice.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Clock, TriangleAlert } from "lucide-react";
import { kitButtonClass } from "~/components/public-ui/kit-styles";
import { formatEgp, formatSchoolTime } from "~/lib/format";
import type { FeesAnswer } from "./pay-api";
import { rememberedKioskRef } from "./return-params";

export type PendingPayment = FeesAnswer["pending"][number];

/** A moment of a waiting payment: day, month and time (Cairo); a checkout lasts an hour, so no year. */
export const payMoment = (iso: string, lang: string) =>
  formatSchoolTime(iso, lang, { day: "numeric", month: "long", hour: "numeric", minute: "2-digit" });

/** The return page of a waiting payment: its status, amount, deadline and the reference again. */
export const pendingHref = (p: PendingPayment) => `/pay/return?payment=${encodeURIComponent(p.payment_id)}`;

/** The waiting payments, newest first; nothing when there are none. */
export function PendingPayments({ pending }: { pending: PendingPayment[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // The references live in this browser only: read after hydration.
  const [refs, setRefs] = useState<Record<string, string | null>>({});
  useEffect(() => {
    setRefs(Object.fromEntries(pending.map((p) => [p.payment_id, rememberedKioskRef(p.payment_id)])));
  }, [pending]);
  if (pending.length === 0) return null;
  return (
    <section
      aria-labelledby="pay-pending-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 shadow-sm sm:p-6"
      data-pending-payments=""
    >
      <h2 id="pay-pending-title" className="flex items-center gap-2 text-lg font-bold text-amber-900">
        <Clock className="size-5 shrink-0" aria-hidden="true" />
        {t("pay.pending.title")}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-amber-950">{t("pay.pending.intro")}</p>
      <ul className="mt-4 grid gap-3">
        {pending.map((p) => {
          const ref = refs[p.payment_id];
          const facts: Array<[string, string]> = [
            ["amount", formatEgp(p.amount, lang)],
            ["started", payMoment(p.created_at, lang)],
            ["deadline", payMoment(p.expires_at, lang)],
            ...(ref ? [["reference", ref] as [string, string]] : []),
          ];
          return (
            <li
              key={p.payment_id}
              className="rounded-xl border border-amber-200 bg-card p-4"
              data-pending={p.payment_id}
            >
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
                {facts.map(([k, v]) => (
                  <div key={k}>
                    <dt className="text-xs font-semibold text-muted-foreground">{t(`pay.pending.${k}`)}</dt>
                    <dd className="mt-0.5 font-bold text-blue-950">{k === "reference" ? <bdi>{v}</bdi> : v}</dd>
                  </div>
                ))}
              </dl>
              <a href={pendingHref(p)} className={kitButtonClass({ variant: "outline", className: "mt-3" })}>
                {t("pay.pending.open")}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Asked on Pay while a payment waits: open the waiting one, or start a new payment anyway. */
export function PendingConfirm({ pending, onStart }: { pending: PendingPayment; onStart: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      role="alert"
      className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
      data-pending-confirm=""
    >
      <p className="flex items-start gap-2 font-semibold text-amber-950">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
        {t("pay.pending.confirm", { amount: formatEgp(pending.amount, i18n.language) })}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={pendingHref(pending)} className={kitButtonClass()}>
          {t("pay.pending.open")}
        </a>
        <button type="button" onClick={onStart} className={kitButtonClass({ variant: "outline" })} data-start-new="">
          {t("pay.pending.startNew")}
        </button>
      </div>
    </div>
  );
}
