/**
 * Pay for several children at once on /family (docs/product.md#family-accounts): each child owing has a box to
 * include it and its choice (the next instalment, everything overdue, all that remains, or another amount typed in
 * either digits); the page shows the total of the server's figures and sends only the choices, never a figure it
 * computed. One checkout for the total; the `Idempotency-Key` is kept while the choices stay the same, so a second
 * click or a retry never starts a second payment. Cards only, so nothing overflows at 360 px.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CreditCard, LoaderCircle, ShieldCheck } from "lucide-react";
import type { AmountChoice } from "@worker/contracts/online-payments";
import { cn } from "~/components/public-ui/cn";
import { kitButtonClass, kitInputClass } from "~/components/public-ui/kit-styles";
import { ApiFailure } from "~/lib/api";
import { formatEgp } from "~/lib/format";
import { distinctChoices, otherAmountOf } from "~/features/pay/public/amount-choice";
import { fetchPayFigures, type PayFigures, startFamilyPayment } from "./family-pay-api";

type Kid = PayFigures["children"][number];
type Choice = AmountChoice | "other";
interface Pick {
  on: boolean;
  choice: Choice;
  typed: string;
}

/** The first choice the child is shown (the narrowest distinct one), else "other". */
const firstChoice = (k: Kid): Choice => distinctChoices(k.choices)[0]?.choice ?? "other";

/** EGP the pick charges for `k` (the server's figure, or the typed amount), null when it is not valid. */
function amountOf(k: Kid, p: Pick): number | null {
  if (p.choice === "other") return otherAmountOf(p.typed, k.remaining);
  return k.choices[p.choice];
}

/** One child's card: include it, then its choice. */
function ChildChoice({ kid, pick, onPick }: { kid: Kid; pick: Pick; onPick: (p: Pick) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const name = `pay-${kid.id}`;
  const list = new Intl.ListFormat(lang === "ar" ? "ar-EG" : "en", { type: "conjunction" });
  const invalid = pick.on && pick.choice === "other" && pick.typed !== "" && amountOf(kid, pick) === null;
  return (
    <li className={cn("rounded-xl border p-3", pick.on && "border-primary bg-blue-50/50")} data-pay-child={kid.id}>
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          checked={pick.on}
          onChange={(e) => onPick({ ...pick, on: e.target.checked })}
          className="mt-1 size-5 accent-primary"
        />
        <span className="min-w-0">
          <span className="block font-bold break-words text-blue-950">{kid.full_name}</span>
          <span className="block text-sm text-muted-foreground">
            {t("familyPay.owes", { amount: formatEgp(kid.remaining, lang) })}
            {kid.arrears > 0 && ` · ${t("familyPay.arrears", { amount: formatEgp(kid.arrears, lang) })}`}
          </span>
        </span>
      </label>
      {pick.on && (
        <fieldset className="mt-3 grid gap-2">
          <legend className="sr-only">{t("familyPay.choiceFor", { name: kid.full_name })}</legend>
          {[...distinctChoices(kid.choices), { choice: "other" as const, same: [] }].map(({ choice: c, same }) => (
            <label
              key={c}
              className={cn(
                "flex cursor-pointer items-center justify-between gap-3 rounded-lg border bg-card px-3 py-2",
                pick.choice === c && "border-primary ring-1 ring-primary",
              )}
            >
              <span className="flex items-center gap-2 text-sm font-semibold">
                <input
                  type="radio"
                  name={name}
                  value={c}
                  checked={pick.choice === c}
                  onChange={() => onPick({ ...pick, choice: c })}
                  className="size-4 accent-primary"
                />
                <span className="grid">
                  {t(`familyPay.choices.${c}`)}
                  {same.length > 0 && (
                    <span className="text-xs font-normal text-muted-foreground">
                      {t("familyPay.sameAs", { list: list.format(same.map((n) => t(`familyPay.choices.${n}`))) })}
                    </span>
                  )}
                </span>
              </span>
              {c !== "other" && (
                <span className="text-sm font-bold whitespace-nowrap text-blue-950">
                  {formatEgp(kid.choices[c] ?? 0, lang)}
                </span>
              )}
            </label>
          ))}
          {pick.choice === "other" && (
            <input
              aria-label={t("familyPay.otherLabel", { name: kid.full_name })}
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              value={pick.typed}
              onChange={(e) => onPick({ ...pick, typed: e.target.value })}
              aria-invalid={invalid || undefined}
              placeholder={t("familyPay.otherHint", { max: formatEgp(kid.remaining, lang) })}
              className={cn(kitInputClass, "h-11 text-base")}
            />
          )}
          {invalid && (
            <p className="text-sm text-destructive">
              {t("familyPay.otherHint", { max: formatEgp(kid.remaining, lang) })}
            </p>
          )}
        </fieldset>
      )}
    </li>
  );
}

/** What the family reads when starting the payment failed. */
function errorText(err: unknown, t: (k: string) => string): string {
  if (!(err instanceof ApiFailure) || err.isNetwork) return t("familyPay.errors.network");
  if (err.status === 503) return t("familyPay.errors.unavailable");
  const known = ["ONLINE_AMOUNT_INVALID", "ONLINE_NOTHING_DUE", "FAMILY_CHILD_NOT_FOUND", "FAMILY_PAY_NO_CHILD"];
  if (err.reason && known.includes(err.reason)) return t(`familyPay.errors.${err.reason}`);
  if (err.status === 429) return t("familyPay.errors.RATE_LIMITED");
  return t("familyPay.errors.network");
}

/** The pay card: the children owing, their choices, the total and Pay. Hidden when nobody owes anything. */
export function FamilyPay() {
  const { t, i18n } = useTranslation();
  const [figures, setFigures] = useState<PayFigures | null>(null);
  const [picks, setPicks] = useState<Record<number, Pick>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keyOf = useRef<{ body: string; key: string } | null>(null);
  useEffect(() => {
    fetchPayFigures().then(setFigures, () => setFigures(null));
  }, []);
  const owing = (figures?.children ?? []).filter((k) => k.remaining > 0);
  if (!figures || owing.length === 0) return null;
  const pickOf = (k: Kid): Pick => picks[k.id] ?? { on: false, choice: firstChoice(k), typed: "" };
  const chosen = owing.filter((k) => pickOf(k).on);
  const amounts = chosen.map((k) => amountOf(k, pickOf(k)));
  const ready = chosen.length > 0 && amounts.every((a) => a !== null);
  const total = amounts.reduce<number>((s, a) => s + Math.round((a ?? 0) * 100), 0) / 100;
  const pay = async () => {
    const body = chosen.map((k) => {
      const p = pickOf(k);
      return { id: k.id, amount: p.choice === "other" ? (otherAmountOf(p.typed, k.remaining) ?? 0) : p.choice };
    });
    const signature = JSON.stringify(body);
    if (keyOf.current?.body !== signature) keyOf.current = { body: signature, key: crypto.randomUUID() };
    setBusy(true);
    setError(null);
    try {
      const started = await startFamilyPayment(body, keyOf.current.key);
      window.location.assign(started.checkout_url);
    } catch (err) {
      setError(errorText(err, t));
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="family-pay"
      className="rounded-2xl border bg-card p-4 shadow-lg shadow-blue-950/5 sm:p-6"
      data-testid="family-pay"
    >
      <h2 id="family-pay" className="text-lg font-bold text-blue-950">
        {t("familyPay.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("familyPay.intro")}</p>
      {!figures.payments_enabled ? (
        <p className="mt-3 text-sm text-amber-900">{t("familyPay.disabled")}</p>
      ) : (
        <form
          className="mt-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (ready && !busy) void pay();
          }}
        >
          <ul className="grid gap-3 md:grid-cols-2">
            {owing.map((k) => (
              <ChildChoice key={k.id} kid={k} pick={pickOf(k)} onPick={(p) => setPicks({ ...picks, [k.id]: p })} />
            ))}
          </ul>
          <p className="mt-4 flex items-baseline justify-between gap-3 border-t pt-3 text-lg font-bold text-blue-950">
            <span>{t("familyPay.total")}</span>
            <span data-pay-total>{formatEgp(total, i18n.language)}</span>
          </p>
          {error && (
            <p role="alert" className="mt-2 text-sm text-destructive">
              {error}
            </p>
          )}
          <button
            type="submit"
            disabled={!ready || busy}
            data-pay=""
            className={kitButtonClass({ size: "search", className: "mt-3 w-full" })}
          >
            {busy ? <LoaderCircle className="size-5 animate-spin" aria-hidden /> : <CreditCard aria-hidden />}
            {busy ? t("familyPay.paying") : t("familyPay.pay")}
          </button>
          <p className="mt-3 flex items-start gap-2 text-xs leading-relaxed text-muted-foreground">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {t("familyPay.secure")}
          </p>
        </form>
      )}
    </section>
  );
}
