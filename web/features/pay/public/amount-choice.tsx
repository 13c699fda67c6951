/**
 * The amount choice and Pay on /pay (docs/product.md#online-payments): the next instalment, everything overdue, all
 * that remains, or another amount (≥ 1 EGP, ≤ the remaining amount, typed in either digits). Pay asks the server to
 * start the payment, which picks the figure itself; the page never sends a figure it computed for a choice. The
 * `Idempotency-Key` is made for each distinct request and kept across retries of it, so a second click or a retry
 * after no answer never starts a second payment. While an earlier payment still waits (a kiosk reference), Pay first
 * offers to open it (./pending-payments.tsx). Then the browser goes to Paymob's checkout.
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CreditCard, LoaderCircle, ShieldCheck } from "lucide-react";
import type { AmountChoice } from "@worker/contracts/online-payments";
import { readTypedNumber } from "@worker/lib/typed-number";
import { cn } from "~/components/public-ui/cn";
import { kitButtonClass, kitInputClass } from "~/components/public-ui/kit-styles";
import { ApiFailure } from "~/lib/api";
import { formatEgp } from "~/lib/format";
import { startPayment, type FeesAnswer } from "./pay-api";
import { PendingConfirm } from "./pending-payments";

type Choice = AmountChoice | "other";
type PayError =
  | "amountInvalid"
  | "amountDecimals"
  | "amountFormat"
  | "nothingDue"
  | "unavailable"
  | "network"
  | "rateLimited"
  | "generic";

/** What the page says when starting a payment failed. */
export function payErrorOf(err: unknown): PayError {
  if (!(err instanceof ApiFailure) || err.isNetwork) return "network";
  if (err.reason === "ONLINE_AMOUNT_INVALID") return "amountInvalid";
  if (err.reason === "ONLINE_NOTHING_DUE") return "nothingDue";
  if (err.status === 429) return "rateLimited";
  if (err.status === 503) return "unavailable";
  return "generic";
}

/** The typed other amount in EGP, or null when it is not 1 … `max`. */
export function otherAmountOf(typed: string, max: number): number | null {
  const r = readTypedNumber(typed, { decimals: 2, grouping: true });
  return r.ok && r.value >= 1 && r.value <= max ? r.value : null;
}

/**
 * What is wrong with a typed other amount, said the way a parent can fix it: more than two decimals ("12.345") is
 * not a range problem, and "1,5" is not a number at all; only a readable amount outside 1 … `max` is.
 */
export function otherAmountError(typed: string, max: number): PayError | null {
  const r = readTypedNumber(typed, { decimals: 2, grouping: true });
  if (r.ok) return r.value >= 1 && r.value <= max ? null : "amountInvalid";
  if (r.problem === "decimals") return "amountDecimals";
  if (r.problem === "invalid") return "amountFormat";
  return "amountInvalid";
}

/** Choices in the order they widen: when two ask the same amount, the wider one stands for both. */
const WIDENING = ["next", "overdue", "all"] as const;

/**
 * The choices worth showing, each with the narrower choices it equals: three radios of one amount read as three
 * different payments to a parent, so "all" (or "overdue") is shown once and says it is also the next instalment.
 */
export function distinctChoices(choices: FeesAnswer["choices"]): Array<{ choice: AmountChoice; same: AmountChoice[] }> {
  const offered = WIDENING.filter((c) => choices[c] !== null);
  return offered
    .filter((c, i) => !offered.slice(i + 1).some((w) => choices[w] === choices[c]))
    .map((c) => ({ choice: c, same: offered.filter((n) => n !== c && choices[n] === choices[c]) }));
}

/** One choice as a radio with its amount (null: typed below). */
function ChoiceOption({
  value,
  checked,
  onChoose,
  label,
  amount,
  note,
}: {
  value: Choice;
  checked: boolean;
  onChoose: (c: Choice) => void;
  label: string;
  amount: string | null;
  /** The other choices this one's amount equals, as a sentence. */
  note?: string;
}) {
  return (
    <label
      className={cn(
        "flex cursor-pointer items-center justify-between gap-3 rounded-xl border p-3",
        checked && "border-primary bg-primary/5 ring-1 ring-primary",
      )}
    >
      <span className="flex items-center gap-2 font-semibold">
        <input
          type="radio"
          name="amount-choice"
          value={value}
          checked={checked}
          onChange={() => onChoose(value)}
          className="size-4 accent-primary"
        />
        <span className="grid">
          {label}
          {note && <span className="text-xs font-normal text-muted-foreground">{note}</span>}
        </span>
      </span>
      {amount !== null && <span className="font-bold whitespace-nowrap text-blue-950">{amount}</span>}
    </label>
  );
}

/** The typed other amount, in either digits; `max` is the remaining amount as shown. */
function OtherAmountField({
  typed,
  onTyped,
  invalid,
  max,
}: {
  typed: string;
  onTyped: (v: string) => void;
  invalid: boolean;
  max: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 grid gap-1.5">
      <label htmlFor="pay-other" className="text-sm font-semibold">
        {t("pay.choice.otherLabel")}
      </label>
      <input
        id="pay-other"
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        value={typed}
        onChange={(e) => onTyped(e.target.value)}
        aria-describedby="pay-other-hint"
        aria-invalid={invalid || undefined}
        className={cn(kitInputClass, "h-11 text-base")}
      />
      <p id="pay-other-hint" className="text-xs text-muted-foreground">
        {t("pay.choice.otherHint", { max })}
      </p>
    </div>
  );
}

/**
 * Starting a payment: the `Idempotency-Key` is kept while the body stays the same, so a retry never starts a second
 * one; on success the browser goes to Paymob's checkout.
 */
function useStartPayment(nationalId: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PayError | null>(null);
  const keyOf = useRef<{ body: string; key: string } | null>(null);
  const begin = async (body: AmountChoice | number) => {
    const signature = JSON.stringify(body);
    if (keyOf.current?.body !== signature) keyOf.current = { body: signature, key: crypto.randomUUID() };
    setBusy(true);
    setError(null);
    try {
      const started = await startPayment(nationalId, body, keyOf.current.key);
      window.location.assign(started.checkout_url);
    } catch (err) {
      setError(payErrorOf(err));
      setBusy(false);
    }
  };
  return { busy, error, setError, begin };
}

/** Pay (a spinner while the payment starts) and the note on where it leads. */
function PayButton({ busy, label }: { busy: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="submit"
        disabled={busy}
        data-pay=""
        className={kitButtonClass({ size: "search", className: "mt-4 w-full" })}
      >
        {busy ? <LoaderCircle className="size-5 animate-spin" aria-hidden="true" /> : <CreditCard aria-hidden="true" />}
        {busy ? t("pay.choice.paying") : label}
      </button>
      <p className="mt-3 flex items-start gap-2 text-xs leading-relaxed text-muted-foreground">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        {t("pay.choice.secure")}
      </p>
    </>
  );
}

/** The choice form; hidden when nothing remains, a notice when online payment is off. */
export function AmountChoiceForm({ nationalId, fees }: { nationalId: string; fees: FeesAnswer }) {
  const { t, i18n } = useTranslation();
  const egp = (v: number) => formatEgp(v, i18n.language);
  const { choices, fee } = fees;
  const shown = distinctChoices(choices);
  const [choice, setChoice] = useState<Choice>(shown[0]?.choice ?? "other");
  const list = new Intl.ListFormat(i18n.language === "ar" ? "ar-EG" : "en", { type: "conjunction" });
  const noteOf = (same: AmountChoice[]) =>
    same.length ? t("pay.choice.sameAs", { list: list.format(same.map((c) => t(`pay.choice.${c}`))) }) : undefined;
  const [typed, setTyped] = useState("");
  const { busy, error, setError, begin } = useStartPayment(nationalId);
  // Asked whether to start a new payment while one waits: null = not asked yet.
  const [asked, setAsked] = useState<null | "asking" | "confirmed">(null);
  const waiting = fees.pending[0];

  if (fee.remaining <= 0) return null;
  if (!fees.payments_enabled)
    return <p className="rounded-xl border bg-muted/40 p-4 text-sm font-semibold">{t("pay.choice.disabled")}</p>;

  const other = otherAmountOf(typed, fee.remaining);
  const amount = choice === "other" ? other : choices[choice];
  const amountError = () => (choice === "other" ? otherAmountError(typed, fee.remaining) : null) ?? "amountInvalid";
  const start = () =>
    amount === null ? setError(amountError()) : void begin(choice === "other" ? (other as number) : choice);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (amount === null) return setError(amountError());
    if (waiting && asked !== "confirmed") return setAsked("asking");
    start();
  };

  return (
    <form onSubmit={submit} className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6" aria-busy={busy} noValidate>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-base font-bold text-blue-950">{t("pay.choice.legend")}</legend>
        {[...shown, { choice: "other" as const, same: [] }].map(({ choice: c, same }) => (
          <ChoiceOption
            key={c}
            value={c}
            checked={choice === c}
            onChoose={setChoice}
            label={t(`pay.choice.${c}`)}
            amount={c === "other" ? null : egp(choices[c] as number)}
            note={noteOf(same)}
          />
        ))}
      </fieldset>
      {choice === "other" && (
        <OtherAmountField
          typed={typed}
          onTyped={setTyped}
          invalid={typed !== "" && other === null}
          max={egp(fee.remaining)}
        />
      )}
      {waiting && asked === "asking" && (
        <PendingConfirm
          pending={waiting}
          onStart={() => {
            setAsked("confirmed");
            start();
          }}
        />
      )}
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-destructive/10 px-3 py-2 text-sm font-semibold text-destructive">
          {t(`pay.errors.${error}`)}
        </p>
      )}
      <PayButton
        busy={busy}
        label={amount !== null ? t("pay.choice.pay", { amount: egp(amount) }) : t("pay.choice.payOther")}
      />
    </form>
  );
}
