/**
 * Small pieces shared by the Messages page and the student dialog's history: the status badge (queued grey, sent
 * blue, delivered / read green, failed red), the channel and the time in school time (Cairo).
 */
import { useTranslation } from "react-i18next";
import { formatSchoolDateTime } from "~/lib/format";
import { cn } from "~/lib/utils";
import type { Message } from "./messages-api";

const TONES: Record<Message["status"], string> = {
  queued: "bg-muted text-muted-foreground",
  sent: "bg-sky-500/12 text-sky-700",
  delivered: "bg-success/12 text-success",
  read: "bg-success/20 text-success",
  failed: "bg-destructive/10 text-destructive",
};

/** The message's status as a coloured pill (`data-status` for tests and styling). */
export function StatusBadge({ status }: { status: Message["status"] }) {
  const { t } = useTranslation();
  return (
    <span
      data-status={status}
      className={cn(
        "inline-flex w-fit rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
        TONES[status],
      )}
    >
      {t(`messages.statuses.${status}`)}
    </span>
  );
}

/** When the message last changed, in Cairo time, with the stored UTC value on hover. */
export function MessageTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={iso} title={iso} className="tabular-nums whitespace-nowrap">
      {formatSchoolDateTime(iso, i18n.language) || iso}
    </time>
  );
}

/** The recipient's number, always left to right. */
export function PhoneText({ phone }: { phone: string }) {
  return (
    <bdi dir="ltr" className="font-mono text-xs whitespace-nowrap">
      {phone}
    </bdi>
  );
}
