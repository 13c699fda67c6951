/**
 * Sign-in on /family (docs/product.md#family-accounts): the mobile number (Arabic-Indic digits accepted; the server
 * reads it as offices type it), then the 6-digit code it was sent. The code step says the same for any number.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CircleAlert, KeyRound, Smartphone } from "lucide-react";
import { buttonClass } from "~/components/public-ui/button-styles";
import { ApiFailure } from "~/lib/api";
import { askCode, signIn } from "./family-api";

/** Western digits for Arabic-Indic and Persian ones. */
const latinDigits = (s: string) =>
  s.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));

/** What to say about a failed call, in the page's words. */
function useFailure() {
  const { t } = useTranslation();
  return (err: unknown) => {
    const reason = err instanceof ApiFailure ? err.reason : undefined;
    return reason && t(`family.errors.${reason}`, { defaultValue: "" })
      ? t(`family.errors.${reason}`)
      : t("family.errors.network");
  };
}

const inputClass =
  "h-12 w-full rounded-lg border border-input bg-background px-3 text-lg tracking-wide shadow-xs outline-none " +
  "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive";

function ErrorLine({ id, text }: { id: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={id} role="alert" className="flex items-start gap-1.5 text-sm font-medium text-red-700">
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      {text}
    </p>
  );
}

/** The two steps; `onSignedIn` after the cookie is set. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, i18n } = useTranslation();
  const failure = useFailure();
  const [phone, setPhone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // Until the app runs, a submit would be a plain GET carrying the number in the URL: the button waits for it.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const send = async (typed: string) => {
    const value = latinDigits(typed).trim();
    if (value.replace(/\D/g, "").length < 8) {
      setError(t("family.errors.phone"));
      phoneRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await askCode(value);
      setPhone(value);
      setTimeout(() => codeRef.current?.focus(), 0);
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    const code = latinDigits(codeRef.current?.value ?? "").replace(/\s/g, "");
    if (!/^\d{6}$/.test(code)) {
      setError(t("family.errors.code"));
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(phone!, code);
      onSignedIn();
    } catch (err) {
      setError(failure(err));
      setBusy(false);
    }
  };

  if (phone === null)
    return (
      <form
        noValidate
        className="grid gap-3"
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault();
          void send(phoneRef.current?.value ?? "");
        }}
      >
        <label htmlFor="family-phone" className="text-base font-bold text-blue-950">
          {t("family.signIn.phoneLabel")}
        </label>
        <input
          ref={phoneRef}
          id="family-phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          placeholder={t("family.signIn.phonePlaceholder")}
          aria-describedby="family-phone-hint family-error"
          aria-invalid={!!error}
          className={`${inputClass} text-start rtl:text-end`}
        />
        <p id="family-phone-hint" className="text-sm text-muted-foreground">
          {t("family.signIn.phoneHint")}
        </p>
        <ErrorLine id="family-error" text={error} />
        <button
          type="submit"
          disabled={busy || !ready}
          className={buttonClass({ size: "lg", className: "w-full sm:w-auto" })}
        >
          <Smartphone aria-hidden />
          {busy ? t("family.signIn.sending") : t("family.signIn.send")}
        </button>
      </form>
    );

  const shownPhone = i18n.language === "ar" ? phone.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!) : phone;
  return (
    <form
      noValidate
      className="grid gap-3"
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        void verify();
      }}
    >
      <p className="rounded-lg bg-sky-50 p-3 text-sm leading-relaxed text-sky-900" data-testid="code-sent">
        {t("family.signIn.codeSent", { phone: `\u2066${shownPhone}\u2069` })}
      </p>
      <label htmlFor="family-code" className="text-base font-bold text-blue-950">
        {t("family.signIn.codeLabel")}
      </label>
      <input
        ref={codeRef}
        id="family-code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        dir="ltr"
        aria-describedby="family-error"
        aria-invalid={!!error}
        className={`${inputClass} max-w-56 text-center font-mono text-2xl tracking-[0.4em]`}
      />
      <ErrorLine id="family-error" text={error} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className={buttonClass({ size: "lg", className: "w-full sm:w-auto" })}>
          <KeyRound aria-hidden />
          {busy ? t("family.signIn.verifying") : t("family.signIn.verify")}
        </button>
        <button
          type="button"
          disabled={busy}
          className={buttonClass({ variant: "ghost", className: "w-full sm:w-auto" })}
          onClick={() => void send(phone)}
        >
          {t("family.signIn.resend")}
        </button>
        <button
          type="button"
          className={buttonClass({ variant: "ghost", className: "w-full sm:w-auto" })}
          onClick={() => {
            setPhone(null);
            setError(null);
          }}
        >
          {t("family.signIn.otherNumber")}
        </button>
      </div>
    </form>
  );
}
