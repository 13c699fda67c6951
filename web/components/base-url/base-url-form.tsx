/**
 * The base-URL form (spec §2 "Base URL Configuration", §5 "Base URL", §8 "Base URL page"): the URL field with its
 * live "Valid/Invalid URL format" hint, Test (GET `{url}/health`, enabled only for a valid URL), Save
 * Configuration, Reset to Default and Clear Configuration. Storage and banners belong to the page (callbacks).
 */
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { CircleAlert, CircleCheck, CircleX, Eraser, LoaderCircle, PlugZap, RotateCcw, Save } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import { baseUrlFormSchema, checkHealth, isValidBaseUrl, normalizeBaseUrl, type BaseUrlFormInput, type BaseUrlFormOutput } from "./base-url";

const FIELD_ID = "base-url";

type TestResult = { tone: "ok" | "error"; text: string } | null;

/** Keeps a URL in one left-to-right run inside Arabic sentences (first-strong isolate). */
export const isolate = (s: string) => `\u2068${s}\u2069`;

export interface BaseUrlFormProps {
  /** The app's own origin: the default and the example host in messages. */
  origin: string;
  /** The field's starting value (the stored override, else the origin). */
  initialValue: string;
  /** Stores `url`; returns false when the browser refused. */
  onSave: (url: string) => boolean;
  onReset: () => void;
  onClear: () => void;
}

/** The form card's body; `key` it on the initial value to re-seed it. */
export function BaseUrlForm({ origin, initialValue, onSave, onReset, onClear }: BaseUrlFormProps) {
  const { t, i18n } = useTranslation();
  const host = i18n.language === "ar" ? isolate(origin) : origin;
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<TestResult>(null);
  const { register, handleSubmit, control, setValue, setError, clearErrors, getValues, formState } = useForm<BaseUrlFormInput, unknown, BaseUrlFormOutput>({
    resolver: zodResolver(baseUrlFormSchema),
    defaultValues: { baseUrl: initialValue },
  });
  const value = useWatch({ control, name: "baseUrl" }) ?? "";
  const valid = isValidBaseUrl(value);
  const saveError = formState.errors.baseUrl?.message;

  const save = handleSubmit(({ baseUrl }) => {
    if (!onSave(baseUrl)) setError("baseUrl", { message: "baseUrl.errors.storage" });
    else setValue("baseUrl", baseUrl); // show the stored form (trimmed, no trailing slash)
  });

  const test = async () => {
    const url = getValues("baseUrl");
    if (!isValidBaseUrl(url)) {
      setTestResult({ tone: "error", text: t("baseUrl.errors.invalidTest") });
      return;
    }
    setTesting(true);
    setTestResult(null);
    const outcome = await checkHealth(url);
    setTesting(false);
    const shown = i18n.language === "ar" ? isolate(normalizeBaseUrl(url)) : normalizeBaseUrl(url);
    if (outcome.kind === "ok") setTestResult({ tone: "ok", text: t("baseUrl.test.success", { url: shown }) });
    else if (outcome.kind === "status") setTestResult({ tone: "error", text: t("baseUrl.test.status", { code: outcome.status }) });
    else setTestResult({ tone: "error", text: t("baseUrl.test.unreachable") });
  };

  const replaceValue = (next: string, then: () => void) => {
    setValue("baseUrl", next, { shouldDirty: true });
    clearErrors();
    setTestResult(null);
    then();
  };

  const describedBy = [`${FIELD_ID}-help`, value && `${FIELD_ID}-hint`, saveError && `${FIELD_ID}-error`].filter(Boolean).join(" ");

  return (
    <form noValidate onSubmit={save} className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={FIELD_ID} className="text-sm font-semibold">
          {t("baseUrl.form.label")}
        </Label>
        <Input
          id={FIELD_ID}
          type="url"
          inputMode="url"
          dir="ltr"
          autoComplete="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t("baseUrl.form.placeholder")}
          className="h-11 font-mono text-sm"
          aria-invalid={!!value && !valid}
          aria-describedby={describedBy}
          {...register("baseUrl", {
            onChange: () => {
              clearErrors("baseUrl");
              setTestResult(null); // a result for another address would mislead
            },
          })}
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
            className={cn("flex items-center gap-1.5 text-sm font-semibold", valid ? "text-green-700" : "text-destructive")}
          >
            {valid ? <CircleCheck className="size-4" aria-hidden="true" /> : <CircleX className="size-4" aria-hidden="true" />}
            {valid ? t("baseUrl.form.valid") : t("baseUrl.form.invalid")}
          </p>
        )}
        {saveError && (
          <p id={`${FIELD_ID}-error`} role="alert" className="flex items-center gap-1.5 text-sm font-semibold text-destructive">
            <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
            {t(saveError, { host })}
          </p>
        )}
      </div>

      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="button" variant="outline" size="lg" disabled={!valid || testing} onClick={() => void test()}>
          {testing ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <PlugZap aria-hidden="true" />}
          {testing ? t("baseUrl.actions.testing") : t("baseUrl.actions.test")}
        </Button>
        <Button type="submit" size="lg">
          <Save aria-hidden="true" />
          {t("baseUrl.actions.save")}
        </Button>
      </div>

      <div aria-live="polite">
        {testResult && (
          <p
            data-testid="test-result"
            className={cn(
              "flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm font-semibold break-words",
              testResult.tone === "ok" ? "border-green-300 bg-green-50 text-green-800" : "border-destructive/30 bg-destructive/10 text-destructive",
            )}
          >
            {testResult.tone === "ok" ? <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
            <span className="min-w-0">{testResult.text}</span>
          </p>
        )}
      </div>

      <div className="grid gap-2 border-t pt-5 sm:grid-cols-2">
        <Button type="button" variant="secondary" onClick={() => replaceValue(origin, onReset)}>
          <RotateCcw aria-hidden="true" />
          {t("baseUrl.actions.reset")}
        </Button>
        <Button type="button" variant="outline" className="text-destructive hover:text-destructive" onClick={() => replaceValue("", onClear)}>
          <Eraser aria-hidden="true" />
          {t("baseUrl.actions.clear")}
        </Button>
      </div>
    </form>
  );
}
