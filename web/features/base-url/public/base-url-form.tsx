/**
 * The base-URL form (docs/product.md#base-url-override): the URL field with its live "Valid/Invalid URL format" hint,
 * Test (GET `{url}/health`, enabled only for a valid URL), Save Configuration, Reset to Default and Clear
 * Configuration. Storage and banners belong to the page (callbacks). A controlled field (no form library:
 * docs/decisions/0012-public-page-weight.md), validated like one: on Save (focus goes to the field when refused),
 * then again on every change. Rendered on the server too, read-only until `ready` (then `data-ready`), so the card has
 * its final height at first paint (no layout shift when the page hydrates); its label names it from the first paint.
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CircleAlert, CircleCheck, CircleX, Eraser, LoaderCircle, PlugZap, RotateCcw, Save } from "lucide-react";
import { cn } from "~/components/public-ui/cn";
import { kitButtonClass, kitInputClass, kitLabelClass } from "~/components/public-ui/kit-styles";
import { checkHealth, isAllowedBackend, isValidBaseUrl, normalizeBaseUrl, parseBaseUrlForm } from "./base-url";

const FIELD_ID = "base-url";

type TestResult = { tone: "ok" | "error"; text: string } | null;

/** Keeps a URL in one left-to-right run inside Arabic sentences (first-strong isolate). */
export const isolate = (s: string) => `\u2068${s}\u2069`;

export interface BaseUrlFormProps {
  /** The app's own origin: the default and the example host in messages. */
  origin: string;
  /** The other backends this site's CSP lets its pages talk to (from the server). */
  allowed: readonly string[];
  /** The field's starting value (the stored override, else the origin). */
  initialValue: string;
  /** Stores `url`; returns false when the browser refused. */
  onSave: (url: string) => boolean;
  onReset: () => void;
  onClear: () => void;
  /** False for the server render and until the page has read the stored override: the form is shown inert. */
  ready: boolean;
}

/** The form card's body; `key` it to re-seed it from `initialValue` (the page does so once, when it is ready). */
export function BaseUrlForm({ origin, allowed, initialValue, onSave, onReset, onClear, ready }: BaseUrlFormProps) {
  const { t, i18n } = useTranslation();
  const host = i18n.language === "ar" ? isolate(origin) : origin;
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<TestResult>(null);
  const [value, setValue] = useState(initialValue);
  const [saveError, setSaveError] = useState<
    "baseUrl.errors.invalidSave" | "baseUrl.errors.storage" | "baseUrl.errors.notAllowed" | null
  >(null);
  const submitted = useRef(false);
  const field = useRef<HTMLInputElement>(null);
  const valid = isValidBaseUrl(value);
  const allowedList = [origin, ...allowed]
    .map((o) => (i18n.language === "ar" ? isolate(o) : o))
    .join(i18n.language === "ar" ? "، " : ", ");

  const save = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    submitted.current = true;
    const parsed = parseBaseUrlForm(value);
    if (!parsed.ok) {
      setSaveError(parsed.message);
      field.current?.focus();
    } else if (!isAllowedBackend(parsed.baseUrl, origin, allowed)) {
      setSaveError("baseUrl.errors.notAllowed");
      field.current?.focus();
    } else if (!onSave(parsed.baseUrl)) setSaveError("baseUrl.errors.storage");
    else {
      setSaveError(null);
      setValue(parsed.baseUrl); // show the stored form (trimmed, no trailing slash)
    }
  };

  const test = async () => {
    const url = value;
    if (!isValidBaseUrl(url)) {
      setTestResult({ tone: "error", text: t("baseUrl.errors.invalidTest") });
      return;
    }
    if (!isAllowedBackend(url, origin, allowed)) {
      setTestResult({ tone: "error", text: t("baseUrl.errors.notAllowed", { list: allowedList }) });
      return;
    }
    setTesting(true);
    setTestResult(null);
    const outcome = await checkHealth(url);
    setTesting(false);
    const shown = i18n.language === "ar" ? isolate(normalizeBaseUrl(url)) : normalizeBaseUrl(url);
    if (outcome.kind === "ok") setTestResult({ tone: "ok", text: t("baseUrl.test.success", { url: shown }) });
    else if (outcome.kind === "status")
      setTestResult({ tone: "error", text: t("baseUrl.test.status", { code: outcome.status }) });
    else setTestResult({ tone: "error", text: t("baseUrl.test.unreachable") });
  };

  const replaceValue = (next: string, then: () => void) => {
    setValue(next);
    setSaveError(null);
    setTestResult(null);
    then();
  };

  const describedBy = [`${FIELD_ID}-help`, value && `${FIELD_ID}-hint`, saveError && `${FIELD_ID}-error`]
    .filter(Boolean)
    .join(" ");

  return (
    <form noValidate onSubmit={save} className="grid gap-5">
      <div className="grid gap-2">
        <label htmlFor={FIELD_ID} className={kitLabelClass}>
          {t("baseUrl.form.label")}
        </label>
        <input
          ref={field}
          id={FIELD_ID}
          data-ready={ready || undefined}
          name="baseUrl"
          readOnly={!ready}
          value={value}
          type="url"
          inputMode="url"
          dir="ltr"
          autoComplete="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t("baseUrl.form.placeholder")}
          data-slot="input"
          className={kitInputClass}
          aria-invalid={!!value && !valid}
          aria-describedby={describedBy}
          onChange={(e) => {
            const next = e.target.value;
            setValue(next);
            // After a refused Save the message follows the field, as a form library's re-validation would.
            setSaveError(submitted.current && !isValidBaseUrl(next) ? "baseUrl.errors.invalidSave" : null);
            setTestResult(null); // a result for another address would mislead
          }}
        />
        <p id={`${FIELD_ID}-help`} className="text-sm text-muted-foreground">
          {t("baseUrl.form.help")}{" "}
          <code dir="ltr" className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">
            {origin}
          </code>
        </p>
        {value && (
          <p
            id={`${FIELD_ID}-hint`}
            data-valid={valid}
            className={cn(
              "flex items-center gap-1.5 text-sm font-semibold",
              valid ? "text-green-700" : "text-destructive",
            )}
          >
            {valid ? (
              <CircleCheck className="size-4" aria-hidden="true" />
            ) : (
              <CircleX className="size-4" aria-hidden="true" />
            )}
            {valid ? t("baseUrl.form.valid") : t("baseUrl.form.invalid")}
          </p>
        )}
        {saveError && (
          <p
            id={`${FIELD_ID}-error`}
            role="alert"
            className="flex items-center gap-1.5 text-sm font-semibold text-destructive"
          >
            <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
            {t(saveError, { host, list: allowedList })}
          </p>
        )}
      </div>

      <div className="grid gap-2 sm:grid-cols-2">
        <button
          type="button"
          className={kitButtonClass({ variant: "outline", size: "lg" })}
          disabled={!ready || !valid || testing}
          onClick={() => void test()}
        >
          {testing ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <PlugZap aria-hidden="true" />}
          {testing ? t("baseUrl.actions.testing") : t("baseUrl.actions.test")}
        </button>
        <button type="submit" className={kitButtonClass({ size: "lg" })} disabled={!ready}>
          <Save aria-hidden="true" />
          {t("baseUrl.actions.save")}
        </button>
      </div>

      <div aria-live="polite">
        {testResult && (
          <p
            data-testid="test-result"
            className={cn(
              "flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm font-semibold break-words",
              testResult.tone === "ok"
                ? "border-green-300 bg-green-50 text-green-800"
                : "border-destructive/30 bg-destructive/10 text-destructive",
            )}
          >
            {testResult.tone === "ok" ? (
              <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            ) : (
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            )}
            <span className="min-w-0">{testResult.text}</span>
          </p>
        )}
      </div>

      <div className="grid gap-2 border-t pt-5 sm:grid-cols-2">
        <button
          type="button"
          className={kitButtonClass({ variant: "secondary" })}
          disabled={!ready}
          onClick={() => replaceValue(origin, onReset)}
        >
          <RotateCcw aria-hidden="true" />
          {t("baseUrl.actions.reset")}
        </button>
        <button
          type="button"
          className={kitButtonClass({ variant: "outlineDanger" })}
          disabled={!ready}
          onClick={() => replaceValue("", onClear)}
        >
          <Eraser aria-hidden="true" />
          {t("baseUrl.actions.clear")}
        </button>
      </div>
    </form>
  );
}
