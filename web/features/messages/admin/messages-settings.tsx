/**
 * The messages settings (messages.manage): each kind on or off, and the Cairo hour of the daily reminders (9-20).
 * Loaded when shown; Save sends the whole form and shows the server's answer.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { MESSAGE_KINDS } from "@worker/contracts/messages";
import { FilterSelect } from "~/components/data-table/list-filters";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/lazy-toast";
import { Skeleton } from "~/components/ui/skeleton";
import { Switch } from "~/components/ui/switch";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { formatSchoolTime } from "~/lib/format";
import { useReasonText } from "~/lib/reason-text";
import { fetchMessageSettings, type MessageSettings, saveMessageSettings } from "./messages-api";

const HOURS = Array.from({ length: 12 }, (_, i) => 9 + i);

/** "10:00" in the page's language and digits (a winter Cairo day: UTC+2). */
const hourLabel = (h: number, lang: string) =>
  formatSchoolTime(`2026-01-15T${String(h - 2).padStart(2, "0")}:00:00Z`, lang, { timeStyle: "short" }) || `${h}:00`;

export function MessagesSettings() {
  const { t, i18n } = useTranslation();
  const { failureText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  const [form, setForm] = useState<MessageSettings | null>(null);
  const [saving, setSaving] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once; a language switch must not reload the form
  useEffect(() => {
    let live = true;
    fetchMessageSettings()
      .then((s) => live && setForm(s))
      .catch((err: unknown) => {
        if (live && !onAuthFailure(err))
          toast.error(failureText(err, t("messages.errors.failed"), t("messages.errors.network")));
      });
    return () => {
      live = false;
    };
  }, []);

  const save = async () => {
    if (!form) return;
    setSaving(true);
    try {
      setForm(await saveMessageSettings(form));
      toast.success(t("messages.settings.saved"));
    } catch (err) {
      if (!onAuthFailure(err))
        toast.error(failureText(err, t("messages.errors.saveFailed"), t("messages.errors.network")));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="messages-settings" className="grid gap-4 rounded-lg border bg-card p-4 sm:p-5">
      <div>
        <h2 id="messages-settings" className="text-lg font-semibold">
          {t("messages.settings.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("messages.settings.subtitle")}</p>
      </div>
      {!form ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2">
            {MESSAGE_KINDS.filter((k) => k !== "sign_in_code" && k !== "family_invite").map((k) => (
              <li key={k} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
                <Label htmlFor={`messages-kind-${k}`}>{t(`messages.kinds.${k}`)}</Label>
                <Switch
                  id={`messages-kind-${k}`}
                  checked={form.kinds[k]}
                  onCheckedChange={(on) => setForm({ ...form, kinds: { ...form.kinds, [k]: on } })}
                />
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <FilterSelect
              id="messages-send-hour"
              label={t("messages.settings.sendHour")}
              value={String(form.send_hour)}
              onChange={(v) => setForm({ ...form, send_hour: Number(v) })}
              options={HOURS.map((h) => ({ value: String(h), label: hourLabel(h, i18n.language) }))}
            />
            <Button onClick={save} disabled={saving}>
              {t("messages.settings.save")}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
