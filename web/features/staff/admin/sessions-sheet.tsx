/**
 * A staff member's open sessions (docs/product.md#staff-and-roles) in an end-side sheet: when each began and when it
 * expires (school time, the page's language), End on each (`DELETE /api/admin/staff/{id}/sessions/{sessionId}`) and
 * End all sessions after a confirmation (`DELETE /api/admin/staff/{id}/sessions`). An ended session's browser is
 * signed out at its next call.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LogOut, MonitorSmartphone } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/lazy-toast";
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from "~/components/ui/sheet";
import { Skeleton } from "~/components/ui/skeleton";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { formatNumber, formatSchoolDateTime } from "~/lib/format";
import { useReasonText } from "~/lib/reason-text";
import {
  endAllStaffSessions,
  endStaffSession,
  listStaffSessions,
  type StaffMember,
  type StaffSession,
} from "./staff-api";

/** Props: `member` null = closed; `onChanged` runs after sessions were ended (the list's counts reload). */
export interface SessionsSheetProps {
  member: StaffMember | null;
  onClose: () => void;
  onChanged: () => void;
}

/** The sheet. */
export function SessionsSheet({ member, onClose, onChanged }: SessionsSheetProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { failureText } = useReasonText();
  const onAuthFailure = useHandleAuthFailure();
  const [sessions, setSessions] = useState<StaffSession[] | null>(null);
  const [busy, setBusy] = useState<number | "all" | null>(null);
  const [askAll, setAskAll] = useState(false);
  // Kept while the sheet closes, so its text does not change during the animation.
  const [last, setLast] = useState<StaffMember | null>(member);
  if (member && member !== last) setLast(member);
  const open = !!member;
  const id = (member ?? last)?.id;
  const name = (member ?? last)?.display_name ?? "";

  const fail = useCallback(
    (err: unknown, fallback: string) => {
      if (!onAuthFailure(err)) toast.error(failureText(err, fallback, t("staff.form.network")));
    },
    [onAuthFailure, failureText, t],
  );

  useEffect(() => {
    if (!open || id === undefined) return;
    let live = true;
    setSessions(null);
    listStaffSessions(id)
      .then((rows) => live && setSessions(rows))
      .catch((err: unknown) => {
        if (!live) return;
        setSessions([]);
        fail(err, t("staff.sessions.failed"));
      });
    return () => {
      live = false;
    };
  }, [open, id, fail, t]);

  const end = async (sessionId: number | "all") => {
    if (id === undefined) return;
    setBusy(sessionId);
    try {
      const ended = sessionId === "all" ? await endAllStaffSessions(id) : await endStaffSession(id, sessionId);
      setSessions((rows) => (sessionId === "all" ? [] : (rows ?? []).filter((s) => s.id !== sessionId)));
      toast.success(t("staff.sessions.ended", { count: ended, formatted: formatNumber(ended, lang) }));
      onChanged();
    } catch (err) {
      fail(err, t("staff.sessions.endFailed"));
    } finally {
      setBusy(null);
      setAskAll(false);
    }
  };

  const when = (iso: string) => formatSchoolDateTime(iso, lang);
  return (
    <Sheet open={open} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="end" className="w-full gap-0 sm:max-w-md" closeLabel={t("nav.close")}>
        <SheetHeader className="pe-10">
          <SheetTitle>{t("staff.sessions.title", { name })}</SheetTitle>
          <SheetDescription>{t("staff.sessions.description")}</SheetDescription>
        </SheetHeader>
        <div className="flex-1 overflow-y-auto px-4">
          {sessions === null ? (
            <div className="grid gap-2" aria-hidden="true">
              {[0, 1].map((i) => (
                <Skeleton key={i} className="h-16 w-full" />
              ))}
            </div>
          ) : sessions.length === 0 ? (
            <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
              {t("staff.sessions.empty")}
            </p>
          ) : (
            <ul className="grid gap-2" aria-label={t("staff.sessions.title", { name })}>
              {sessions.map((s) => (
                <li key={s.id} className="flex items-center gap-3 rounded-lg border bg-card p-3 text-sm">
                  <MonitorSmartphone className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <dl className="grid min-w-0 flex-1 gap-0.5">
                    <div className="flex flex-wrap gap-x-1.5">
                      <dt className="text-muted-foreground">{t("staff.sessions.started")}:</dt>
                      <dd className="tabular-nums">{when(s.created_at)}</dd>
                    </div>
                    <div className="flex flex-wrap gap-x-1.5 text-xs">
                      <dt className="text-muted-foreground">{t("staff.sessions.expires")}:</dt>
                      <dd className="tabular-nums">{when(s.expires_at)}</dd>
                    </div>
                  </dl>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                    disabled={busy !== null}
                    aria-label={t("staff.sessions.endLabel", { date: when(s.created_at) })}
                    onClick={() => void end(s.id)}
                  >
                    {t("staff.sessions.end")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <SheetFooter>
          <Button variant="destructive" disabled={!sessions?.length || busy !== null} onClick={() => setAskAll(true)}>
            <LogOut className="rtl:-scale-x-100" aria-hidden="true" />
            {t("staff.sessions.endAll")}
          </Button>
        </SheetFooter>
        <ConfirmDialog
          open={askAll}
          onOpenChange={setAskAll}
          title={t("staff.sessions.endAllTitle", { name })}
          description={t("staff.sessions.endAllBody")}
          confirmLabel={t("staff.sessions.endAll")}
          cancelLabel={t("staff.sessions.cancel")}
          destructive
          busy={busy === "all"}
          onConfirm={() => void end("all")}
        />
      </SheetContent>
    </Sheet>
  );
}
