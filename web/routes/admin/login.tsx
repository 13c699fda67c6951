/**
 * /admin/login (docs/product.md#admin-sign-in): username + password with a show/hide toggle, an error banner and
 * a link back home. A valid stored token skips straight to the dashboard. A stored backend override is shown with
 * a one-click reset (docs/product.md#base-url-override); a lockout (429) says how long to wait, from `Retry-After`,
 * counting down. Loading it clears the console's session cookie (docs/decisions/0022): a browser shown the sign-in
 * page is signed out, even when its logout request never reached the server. The answer says who signed in
 * (docs/product.md#staff-and-roles): kept beside the token, it sends them to the first page their role opens, where
 * a temporary password is changed first.
 */
import { useEffect, useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, Eye, EyeOff, Info, Lock, TriangleAlert, User } from "lucide-react";
import { type SessionEnd, takeSessionEnd } from "~/lib/auth-failure";
import { loginSchema, type LoginInput } from "@worker/contracts/auth";
import { clearedSessionCookie } from "@worker/lib/session-cookie";
import { ApiFailure, apiClient, call } from "~/lib/api";
import { formatWait } from "~/lib/wait-time";
import { useBaseUrlOverride } from "~/features/base-url/public/use-base-url-override";
import { BaseUrlOverrideNotice } from "~/features/base-url/public/override-notice";
import type { Route } from "./+types/login";
import { adminMeta } from "~/lib/admin-meta";
import { getMe, getToken, setMe, setToken } from "~/lib/auth-storage";
import { homePathFor, type HasPermissions } from "~/features/shell/admin/nav-access";
import { useReasonText } from "~/lib/reason-text";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { LanguageSwitch } from "~/features/shell/admin/language-switch";

const DASHBOARD_PATH = "/admin/dashboard";

/** Where a signed-in person starts: the first page their role opens (the dashboard when unknown). */
const startPath = (me: HasPermissions | null) => (me && homePathFor(me)) || DASHBOARD_PATH;

/** Server (document loads and client navigations alike): clears the session cookie. */
export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: { "Set-Cookie": clearedSessionCookie(request.url) } });
}

/** Page title. */
export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "login");
}

/** While locked out: the time (ms since the epoch) sign-in may be tried again, re-rendered every second. */
function useLockout() {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  const lock = (seconds: number) => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  };
  return { remaining: until === null ? null : Math.max(0, (until - now) / 1000), lock, clear: () => setUntil(null) };
}

/** The admin sign-in page. */
export default function Login() {
  const { t, i18n } = useTranslation();
  const { failureText, messageText } = useReasonText();
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setError] = useState<string | null>(null);
  const lockout = useLockout();
  const override = useBaseUrlOverride();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: "", password: "" } });

  // Why the server signed the person out (deactivated, password reset, session ended), said once.
  const [ended, setEnded] = useState<SessionEnd | null>(null);
  useEffect(() => {
    setHydrated(true);
    if (getToken()) void navigate(startPath(getMe()), { replace: true });
    else setEnded(takeSessionEnd());
  }, [navigate]);

  const onSubmit = handleSubmit(async (json) => {
    setError(null);
    lockout.clear();
    try {
      const body = await call(apiClient().api.auth.login.$post({ json }));
      if (!body?.token) {
        setError(t("admin.login.errors.invalidResponse"));
        return;
      }
      setToken(body.token, body.expiresAt);
      setMe(body.staff);
      await navigate(startPath(body.staff), { replace: true });
    } catch (err) {
      if (err instanceof ApiFailure && err.isNetwork)
        setError(t(override.stored ? "admin.login.errors.networkOverride" : "admin.login.errors.network"));
      else if (err instanceof ApiFailure && err.status === 429 && err.retryAfter !== undefined && err.retryAfter > 0)
        lockout.lock(err.retryAfter);
      else setError(failureText(err, t("admin.login.errors.invalidCredentials")));
    }
  });

  const error =
    lockout.remaining !== null && lockout.remaining > 0
      ? t("admin.login.errors.lockedFor", { wait: formatWait(lockout.remaining, i18n.language) })
      : failure;
  const usernameError = errors.username?.message ? messageText(errors.username.message) : null;
  const passwordError = errors.password?.message ? messageText(errors.password.message) : null;

  return (
    <main className="relative flex min-h-dvh items-center justify-center overflow-hidden bg-gradient-to-br from-primary/10 via-background to-secondary p-4">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -end-32 size-96 rounded-full bg-primary/10 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-40 -start-40 size-96 rounded-full bg-primary/5 blur-3xl"
      />
      <div className="absolute end-3 top-3">
        <LanguageSwitch />
      </div>
      <div className="relative w-full max-w-md">
        <Card className="gap-5 shadow-lg">
          <CardHeader className="justify-items-center gap-2 text-center">
            <img
              src="/favicon.svg"
              alt={t("schoolName")}
              width={64}
              height={64}
              className="mb-1 size-16 rounded-2xl shadow-sm"
            />
            <p className="text-sm font-medium text-primary">{t("schoolName")}</p>
            <h1 className="text-2xl font-bold tracking-tight rtl:tracking-normal">{t("admin.login.title")}</h1>
            <p className="text-sm text-muted-foreground">{t("admin.login.subtitle")}</p>
          </CardHeader>
          <CardContent>
            <BaseUrlOverrideNotice override={override} variant="panel" />
            {ended && !error && (
              <div
                role="status"
                data-testid="login-session-ended"
                className="mb-4 flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2.5 text-sm"
              >
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{t(`admin.login.ended.${ended}`)}</span>
              </div>
            )}
            {error && (
              <div
                role="alert"
                data-testid="login-error"
                className="mb-4 flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm text-destructive"
              >
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{error}</span>
              </div>
            )}
            <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
              <div className="grid gap-2">
                <Label htmlFor="username">{t("admin.login.username")}</Label>
                <div className="relative">
                  <User
                    className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                    aria-hidden="true"
                  />
                  <Input
                    id="username"
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    placeholder={t("admin.login.usernamePlaceholder")}
                    className="h-10 ps-9"
                    aria-invalid={!!usernameError}
                    aria-describedby={usernameError ? "username-error" : undefined}
                    {...register("username")}
                  />
                </div>
                {usernameError && (
                  <p id="username-error" className="text-sm text-destructive">
                    {usernameError}
                  </p>
                )}
              </div>
              <div className="grid gap-2">
                <Label htmlFor="password">{t("admin.login.password")}</Label>
                <div className="relative">
                  <Lock
                    className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                    aria-hidden="true"
                  />
                  <Input
                    id="password"
                    type={showPassword ? "text" : "password"}
                    autoComplete="current-password"
                    placeholder={t("admin.login.passwordPlaceholder")}
                    className="h-10 ps-9 pe-10"
                    aria-invalid={!!passwordError}
                    aria-describedby={passwordError ? "password-error" : undefined}
                    {...register("password")}
                  />
                  <button
                    type="button"
                    onClick={() => setShowPassword((v) => !v)}
                    aria-label={showPassword ? t("admin.login.hidePassword") : t("admin.login.showPassword")}
                    aria-pressed={showPassword}
                    aria-controls="password"
                    className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {showPassword ? (
                      <EyeOff className="size-4" aria-hidden="true" />
                    ) : (
                      <Eye className="size-4" aria-hidden="true" />
                    )}
                  </button>
                </div>
                {passwordError && (
                  <p id="password-error" className="text-sm text-destructive">
                    {passwordError}
                  </p>
                )}
              </div>
              <Button type="submit" size="lg" className="mt-1 w-full" disabled={!hydrated || isSubmitting}>
                {isSubmitting && <Spinner label={t("admin.login.submitting")} />}
                {isSubmitting ? t("admin.login.submitting") : t("admin.login.submit")}
              </Button>
            </form>
          </CardContent>
        </Card>
        <div className="mt-6 flex flex-col items-center gap-2 text-sm">
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 rounded-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
            {t("admin.login.back")}
          </Link>
          <p className="text-xs text-muted-foreground">{t("admin.login.footer")}</p>
        </div>
      </div>
    </main>
  );
}
