/**
 * /admin/dashboard/guardians/:phone — one guardian number's page (docs/product.md#family-accounts, "The office"):
 * its children, message settings, open sessions (Sign out one, or every device after a confirmation; audited), its
 * sign-in codes and the messages sent to it, and Invite to the family account. `:phone` is the E.164 number (the
 * Guardians list links here); a number no student has answers "no student has this number", a malformed one "not a
 * mobile number". Fetched in the browser (the token lives in localStorage).
 */
import { useState } from "react";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ArrowLeft, Contact, LogOut, RotateCw, Send, TriangleAlert } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Skeleton } from "~/components/ui/skeleton";
import { ChildrenCard, SettingsCard } from "~/features/family/admin/guardian-account";
import { MessagesCard, SessionsCard, SignInsCard } from "~/features/family/admin/guardian-activity";
import { useGuardianAccount } from "~/features/family/admin/use-guardian-account";
import { PhoneText } from "~/features/messages/admin/message-parts";
import { pageTitle } from "~/i18n";
import { ApiFailure } from "~/lib/api";
import type { Route } from "./+types/guardian";

/** `<title>`: "Guardians | school" in the console language. */
export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "guardians.title", { noindex: true });
}

function Notice({ failed, badNumber, onReload }: { failed: boolean; badNumber: boolean; onReload: () => void }) {
  const { t } = useTranslation();
  const Icon = failed ? TriangleAlert : Contact;
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border bg-card px-4 py-14 text-center" role="alert">
      <Icon className="size-8 text-muted-foreground/60" aria-hidden="true" />
      <p className="font-medium">
        {t(badNumber ? "guardians.page.badNumber" : failed ? "guardians.page.failed" : "guardians.page.notFound")}
      </p>
      {!failed && <p className="text-sm text-muted-foreground">{t("guardians.page.notFoundHint")}</p>}
      {failed && !badNumber && (
        <Button variant="outline" size="sm" className="mt-2" onClick={onReload}>
          <RotateCw aria-hidden="true" />
          {t("guardians.table.tryAgain")}
        </Button>
      )}
    </div>
  );
}

export default function GuardianPage() {
  const { t } = useTranslation();
  const phone = useParams().phone ?? "";
  const { read, ending, end, inviting, invite } = useGuardianAccount(phone);
  const [confirm, setConfirm] = useState(false);
  const account = read.stale ? null : read.data;
  const name = account?.guardians[0]?.full_name;
  const known = (account?.children.length ?? 0) > 0;
  // The server reads the number as offices type it; a 400 is text that is not a mobile number.
  const badNumber = read.failed && read.error instanceof ApiFailure && read.error.status === 400;
  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <Link
        to="/admin/dashboard/guardians"
        className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t("guardians.page.back")}
      </Link>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl rtl:tracking-normal">
            {account ? (
              name ? (
                <bdi>{name}</bdi>
              ) : (
                <PhoneText phone={account.phone} />
              )
            ) : (
              <Skeleton className="h-8 w-56" />
            )}
          </h1>
          {account && name && (
            <span className="text-sm">
              <PhoneText phone={account.phone} />
            </span>
          )}
        </div>
        {account && known && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" disabled={inviting} onClick={() => void invite()}>
              <Send className="rtl:-scale-x-100" aria-hidden="true" />
              {t("guardians.page.invite")}
            </Button>
            {account.sessions.length > 0 && (
              <Button variant="destructive" disabled={ending !== null} onClick={() => setConfirm(true)}>
                <LogOut className="rtl:-scale-x-100" aria-hidden="true" />
                {t("guardians.page.endAll")}
              </Button>
            )}
          </div>
        )}
      </header>

      {(read.failed || (account && !known)) && (
        <Notice failed={read.failed} badNumber={badNumber} onReload={read.reload} />
      )}
      {!account && !read.failed && (
        <div className="grid gap-4 lg:grid-cols-2" aria-busy="true">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      )}
      {account && known && (
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <div className="grid gap-4">
            <ChildrenCard account={account} />
            <SettingsCard account={account} />
            <SignInsCard account={account} now={Date.now()} />
          </div>
          <div className="grid gap-4">
            <SessionsCard
              account={account}
              onEnd={(id) => void end(id)}
              ending={typeof ending === "number" ? ending : null}
            />
            <MessagesCard account={account} />
          </div>
        </div>
      )}

      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t("guardians.page.endAllConfirm")}
        description={t("guardians.page.endAllBody", { phone: account?.phone ?? phone })}
        confirmLabel={t("guardians.page.endAll")}
        cancelLabel={t("guardians.page.cancel")}
        destructive
        busy={ending === "all"}
        onConfirm={() => void end().then(() => setConfirm(false))}
      />
    </div>
  );
}
