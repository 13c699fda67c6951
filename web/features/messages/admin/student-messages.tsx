/**
 * The messages sent about one student (read-only), newest first: kind, channel, number, status and time. Shown in
 * the student dialog to people with messages.read; loaded when it opens.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "~/components/ui/skeleton";
import { useCan } from "~/lib/use-me";
import { fetchMessages, type Message } from "./messages-api";
import { MessageTime, PhoneText, StatusBadge } from "./message-parts";

export function StudentMessages({ studentNo }: { studentNo: string }) {
  const { t } = useTranslation();
  const canRead = useCan("messages.read");
  const [rows, setRows] = useState<Message[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!canRead) return;
    let live = true;
    setRows(null);
    fetchMessages({ kind: "", status: "", grade: "", page: 1, limit: 15, student_no: studentNo })
      .then((body) => live && setRows(body.messages))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [canRead, studentNo]);

  if (!canRead) return null;
  return (
    <section aria-labelledby="student-messages" className="grid gap-2" data-student-messages>
      <h3 id="student-messages" className="text-sm font-semibold">
        {t("messages.history.title")}
      </h3>
      {failed ? (
        <p className="text-sm text-destructive">{t("messages.errors.failed")}</p>
      ) : rows === null ? (
        <Skeleton className="h-10 w-full" />
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("messages.history.empty")}</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {rows.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2">
              <span className="font-medium">{t(`messages.kinds.${m.kind}`)}</span>
              <StatusBadge status={m.status} />
              <span className="text-muted-foreground">{t(`messages.channels.${m.channel}`)}</span>
              <PhoneText phone={m.to} />
              <span className="ms-auto text-xs text-muted-foreground">
                <MessageTime iso={m.updated_at} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
