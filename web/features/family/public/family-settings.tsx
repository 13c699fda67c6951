/**
 * The family's own settings on /family (docs/product.md#family-accounts): where it is signed in (each device, sign
 * out one or every device) and its message preferences (language, WhatsApp on or off as its own consent, the kinds
 * it wants). A STOP reply shows here as WhatsApp off with the date.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LogOut } from "lucide-react";
import { buttonClass } from "~/components/public-ui/button-styles";
import { Switch } from "~/components/ui/switch";
import { formatSchoolDateTime } from "~/lib/format";
import {
  endAllSessions,
  endSession,
  type FamilyMe,
  fetchPreferences,
  type Preferences,
  savePreferences,
} from "./family-api";
import { deviceName } from "~/lib/device-name";

const card = "rounded-2xl border bg-card p-4 shadow-sm sm:p-6";

export function SessionsCard({
  me,
  onSignedOut,
  onChanged,
}: {
  me: FamilyMe;
  onSignedOut: () => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, signsOut: boolean) => {
    setBusy(true);
    try {
      await work();
      if (signsOut) onSignedOut();
      else onChanged();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="family-sessions" className={card}>
      <h2 id="family-sessions" className="text-lg font-bold text-blue-950">
        {t("family.sessions.title")}
      </h2>
      <ul className="mt-3 grid gap-2">
        {me.sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-muted/50 px-3 py-2">
            <div className="min-w-0">
              <p className="font-semibold" dir="auto">
                {deviceName(s.device, t("family.sessions.unknownDevice"))}
                {s.current && (
                  <span className="ms-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">
                    {t("family.sessions.thisDevice")}
                  </span>
                )}
              </p>
              <p className="text-xs text-muted-foreground">
                {t("family.sessions.signedIn", { at: formatSchoolDateTime(s.created_at, lang) })}
                {s.last_seen_at &&
                  ` · ${t("family.sessions.lastSeen", { at: formatSchoolDateTime(s.last_seen_at, lang) })}`}
              </p>
            </div>
            <button
              type="button"
              disabled={busy}
              className={buttonClass({ variant: "ghost", size: "sm" })}
              onClick={() => void run(() => endSession(s.id), s.current)}
            >
              {t("family.sessions.end")}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        disabled={busy}
        className={buttonClass({ variant: "outline", className: "mt-3 w-full sm:w-auto" })}
        onClick={() => void run(endAllSessions, true)}
      >
        <LogOut aria-hidden />
        {t("family.sessions.endAll")}
      </button>
    </section>
  );
}

const KINDS = ["instalment_due", "instalment_overdue", "results_published", "selection_opened"] as const;

export function PreferencesCard() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  const [state, setState] = useState<"idle" | "saving" | "saved" | "failed">("idle");
  useEffect(() => {
    fetchPreferences().then(setPrefs, () => setState("failed"));
  }, []);
  const save = async (change: Parameters<typeof savePreferences>[0]) => {
    setState("saving");
    try {
      setPrefs(await savePreferences(change));
      setState("saved");
    } catch {
      setState("failed");
    }
  };
  return (
    <section aria-labelledby="family-prefs" className={card} aria-busy={!prefs}>
      <h2 id="family-prefs" className="text-lg font-bold text-blue-950">
        {t("family.prefs.title")}
      </h2>
      {prefs && (
        <div className="mt-3 grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="text-sm font-semibold">{t("family.prefs.language")}</legend>
            <div className="flex gap-2">
              {(["ar", "en"] as const).map((l) => (
                <button
                  key={l}
                  type="button"
                  aria-pressed={prefs.language === l}
                  onClick={() => void save({ language: l })}
                  className={buttonClass({ variant: prefs.language === l ? "primary" : "outline", size: "sm" })}
                >
                  {t(`family.prefs.languages.${l}`)}
                </button>
              ))}
            </div>
          </fieldset>
          <div className="flex items-start justify-between gap-3">
            <div>
              <label htmlFor="family-whatsapp" className="text-sm font-semibold">
                {t("family.prefs.whatsapp")}
              </label>
              <p className="text-xs text-muted-foreground">
                {prefs.opted_out_at
                  ? t("family.prefs.optedOut", { at: formatSchoolDateTime(prefs.opted_out_at, lang) })
                  : t("family.prefs.whatsappHint")}
              </p>
            </div>
            <Switch
              id="family-whatsapp"
              checked={prefs.whatsapp}
              onCheckedChange={(on) => void save({ whatsapp: on })}
            />
          </div>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-semibold">{t("family.prefs.kinds")}</legend>
            {KINDS.map((k) => (
              <div key={k} className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2">
                <label htmlFor={`family-kind-${k}`} className="text-sm">
                  {t(`family.messages.kinds.${k}`)}
                </label>
                <Switch
                  id={`family-kind-${k}`}
                  checked={prefs.kinds[k] ?? true}
                  onCheckedChange={(on) => void save({ kinds: { [k]: on } })}
                />
              </div>
            ))}
            <p className="text-xs text-muted-foreground">{t("family.prefs.always")}</p>
          </fieldset>
        </div>
      )}
      <p aria-live="polite" className="mt-2 text-sm text-muted-foreground">
        {state === "saving"
          ? t("family.prefs.saving")
          : state === "saved"
            ? t("family.prefs.saved")
            : state === "failed"
              ? t("family.errors.network")
              : ""}
      </p>
    </section>
  );
}
