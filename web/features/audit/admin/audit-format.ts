/**
 * Presentation helpers of the Audit Log: times in school time (Africa/Cairo), friendly names for entities,
 * actions and snapshot fields (translated when known, otherwise the raw name made readable), and the colour of
 * each action's badge.
 */
import type { TFunction } from "i18next";
import { formatSchoolTime } from "~/lib/format";

/** An ISO UTC time as date and time (with seconds) in Africa/Cairo, e.g. "Nov 21, 2026, 1:20:45 PM"; bad input as is. */
export function formatAuditTime(iso: string, lang: string | undefined): string {
  return formatSchoolTime(iso, lang, { dateStyle: "medium", timeStyle: "medium" }) || iso;
}

/** True for an ISO 8601 date-time string such as "2026-11-21T11:20:45.123Z". */
export function isIsoDateTime(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value);
}

/** "fee_record" → "Fee record", "authorName" → "Author name". */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/** The entity's display name ("fee_record" → "Fee record"). */
export function entityLabel(t: TFunction, entity: string): string {
  return t(`audit.entities.${entity}`, { defaultValue: humanise(entity) });
}

/** The action's display name ("add_payment" → "Add payment"). */
export function actionLabel(t: TFunction, action: string): string {
  return t(`audit.actions.${action}`, { defaultValue: humanise(action) });
}

/** A snapshot field's display name; list items ("1", "2", …) read "Item 1". */
export function fieldLabel(t: TFunction, key: string): string {
  if (/^\d+$/.test(key)) return t("audit.diff.item", { n: key });
  return t(`audit.fields.${key}`, { defaultValue: humanise(key) });
}

/** Badge colours per action: create green, update blue, delete red, payment amber, publishing violet/slate. */
export const ACTION_TONES: Record<string, string> = {
  create: "bg-success/12 text-success",
  update: "bg-sky-500/12 text-sky-700",
  toggle: "bg-sky-500/12 text-sky-700",
  delete: "bg-destructive/10 text-destructive",
  delete_all: "bg-destructive/10 text-destructive",
  add_payment: "bg-warning/18 text-[oklch(0.5_0.13_60)]",
  publish: "bg-violet-500/12 text-violet-700",
  unpublish: "bg-slate-500/12 text-slate-700",
  update_password: "bg-indigo-500/12 text-indigo-700",
};

/** The badge classes of an action (unknown actions are neutral). */
export function actionTone(action: string): string {
  return ACTION_TONES[action] ?? "bg-muted text-muted-foreground";
}
