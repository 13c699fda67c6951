/**
 * What /pay/return shows (docs/product.md#online-payments): checking, paid (amount, receipt number, a link to the
 * printable receipt, any credit), pending (the amount, the deadline to pay it, and the kiosk reference when Paymob
 * gave one), declined or expired (try again), or an unknown payment. Live region: the status is announced when it
 * changes.
 */
import { useTranslation } from "react-i18next";
import { CircleCheck, CircleX, Clock, LoaderCircle, Printer } from "lucide-react";
import type { ReactNode } from "react";
import { kitButtonClass } from "~/components/public-ui/kit-styles";
import { formatEgp } from "~/lib/format";
import { payMoment } from "./pending-payments";
import type { StatusState } from "./use-payment-status";

function Panel({
  tone,
  icon,
  title,
  children,
}: {
  tone: string;
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className={`rounded-2xl border bg-card p-6 text-center shadow-sm ${tone}`}>
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-muted/60">{icon}</div>
      <h2 className="mt-4 text-xl font-bold" data-result-title="">
        {title}
      </h2>
      <div className="mt-3 grid gap-3 text-sm leading-relaxed text-muted-foreground">{children}</div>
    </div>
  );
}

/** The panel for `state`; `kioskRef` is the reference Paymob's redirect carried, if any. */
export function PaymentResult({ state, kioskRef }: { state: StatusState; kioskRef: string | null }) {
  const { t, i18n } = useTranslation();
  const egp = (v: number) => formatEgp(v, i18n.language);
  const again = (
    <a href="/pay" className={kitButtonClass({ variant: "outline", size: "lg", className: "mx-auto" })}>
      {t("pay.result.tryAgain")}
    </a>
  );
  if (state.kind === "checking")
    return (
      <Panel
        tone=""
        icon={<LoaderCircle className="size-7 animate-spin text-primary" />}
        title={t("pay.result.checking")}
      />
    );
  if (state.kind === "unknown" || state.kind === "network")
    return (
      <Panel tone="" icon={<CircleX className="size-7 text-muted-foreground" />} title={t(`pay.result.${state.kind}`)}>
        <a href="/pay" className="font-semibold text-primary underline">
          {t("pay.result.back")}
        </a>
      </Panel>
    );
  const p = state.payment;
  if (p.status === "paid")
    return (
      <Panel
        tone="border-emerald-300"
        icon={<CircleCheck className="size-8 text-emerald-600" />}
        title={t("pay.result.paid")}
      >
        <p>
          {p.full_name
            ? t("pay.result.paidBody", { amount: egp(p.amount), name: p.full_name })
            : t("pay.result.paidBodyUnnamed", { amount: egp(p.amount) })}
        </p>
        {p.receipt_no && (
          <p>
            {t("pay.result.receiptNo")}: <bdi className="font-bold text-foreground">{p.receipt_no}</bdi>
          </p>
        )}
        {p.credit > 0 && (
          <p className="font-semibold text-amber-700">{t("pay.result.credit", { amount: egp(p.credit) })}</p>
        )}
        {p.receipt_url && (
          <a
            href={p.receipt_url}
            target="_blank"
            rel="noopener"
            className={kitButtonClass({ size: "lg", className: "mx-auto" })}
          >
            <Printer aria-hidden="true" />
            {t("pay.result.receipt")}
          </a>
        )}
      </Panel>
    );
  if (p.status === "pending")
    return (
      <Panel tone="border-amber-300" icon={<Clock className="size-7 text-amber-600" />} title={t("pay.result.pending")}>
        <p>{t("pay.result.pendingBody")}</p>
        <dl className="mx-auto grid w-full max-w-sm grid-cols-2 gap-3 text-start" data-pending-facts="">
          {(
            [
              ["amount", egp(p.amount)],
              ["deadline", payMoment(p.expires_at, i18n.language)],
            ] as const
          ).map(([k, v]) => (
            <div key={k} className="rounded-xl bg-muted/50 p-3">
              <dt className="text-xs font-semibold">{t(`pay.result.${k}`)}</dt>
              <dd className="mt-1 font-bold text-foreground" data-pending-fact={k}>
                {v}
              </dd>
            </div>
          ))}
        </dl>
        {kioskRef && (
          <p className="font-semibold text-foreground">
            {t("pay.result.kiosk")}: <bdi className="text-lg">{kioskRef}</bdi>
          </p>
        )}
        {state.networkTrouble && <p>{t("pay.result.network")}</p>}
      </Panel>
    );
  return (
    <Panel tone="border-red-300" icon={<CircleX className="size-8 text-red-600" />} title={t(`pay.result.${p.status}`)}>
      <p>{t(`pay.result.${p.status}Body`)}</p>
      {again}
    </Panel>
  );
}
