/**
 * "Choose your password" (docs/product.md#staff-and-roles): after a sign-in with a temporary password (a new account
 * or a reset one) the console shows only this screen. The server refuses every other call of such a session (403
 * PASSWORD_CHANGE_REQUIRED). Old = the temporary password, new ≥ MIN_STAFF_PASSWORD_LENGTH characters, confirm; once
 * saved, the person is looked up again and the console opens where they were going. Sign out leaves instead.
 */
import { useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { KeyRound, LogOut } from "lucide-react";
import { MIN_STAFF_PASSWORD_LENGTH } from "@worker/contracts/staff";
import { apiClient, call } from "~/lib/api";
import { getMe, getToken, setMe } from "~/lib/auth-storage";
import { signOutLocally } from "~/lib/auth-failure";
import { refreshMe } from "~/lib/use-me";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { LanguageSwitch } from "./language-switch";
import { PasswordFields, usePasswordForm } from "./password-form";

/** The whole-page form; the layout shows the console again once `must_change_password` is false. */
export function ChoosePasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const state = usePasswordForm({
    minLength: MIN_STAFF_PASSWORD_LENGTH,
    successText: t("staff.choosePassword.success"),
    onSuccess: () => {
      refreshMe().catch(() => {
        // The password is saved either way: the server no longer asks for it.
        const me = getMe();
        if (me) setMe({ ...me, must_change_password: false });
      });
    },
  });

  const signOut = async () => {
    setLeaving(true);
    try {
      if (getToken()) await call(apiClient().api.auth.logout.$post());
    } catch {
      /* the token is dropped locally either way */
    }
    signOutLocally(navigate);
  };

  const submitting = state.form.formState.isSubmitting;
  return (
    <main className="relative flex min-h-dvh items-center justify-center bg-gradient-to-br from-primary/10 via-background to-secondary p-4">
      <div className="absolute end-3 top-3">
        <LanguageSwitch />
      </div>
      <Card className="w-full max-w-md gap-5 shadow-lg">
        <CardHeader className="justify-items-center gap-2 text-center">
          <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <KeyRound className="size-6" aria-hidden="true" />
          </span>
          <CardTitle>
            <h1 className="text-2xl font-bold tracking-tight rtl:tracking-normal">{t("staff.choosePassword.title")}</h1>
          </CardTitle>
          <CardDescription id="choose-password-description">{t("staff.choosePassword.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            onSubmit={state.onSubmit}
            aria-describedby="choose-password-description"
            className="grid gap-4"
          >
            <PasswordFields
              state={state}
              hint={t("staff.choosePassword.hint", { min: MIN_STAFF_PASSWORD_LENGTH })}
              labels={{ oldPassword: t("staff.choosePassword.oldPassword") }}
            />
            <Button type="submit" size="lg" className="mt-1 w-full" disabled={state.busy || leaving}>
              {submitting && <Spinner label={t("staff.choosePassword.submitting")} />}
              {submitting ? t("staff.choosePassword.submitting") : t("staff.choosePassword.submit")}
            </Button>
            <Button type="button" variant="ghost" onClick={() => void signOut()} disabled={leaving}>
              <LogOut className="rtl:-scale-x-100" aria-hidden="true" />
              {t("staff.choosePassword.signOut")}
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
