/**
 * "Not available for your role" (docs/product.md#staff-and-roles): what the layout shows instead of a console page
 * the signed-in person's role may not open, with a link to the first page it may. Never an error screen.
 */
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ShieldX } from "lucide-react";
import type { MeJson } from "@worker/contracts/staff";
import { buttonVariants } from "~/components/ui/button";
import { CONSOLE_PAGES, pagesFor } from "./nav-access";

/** The panel for `me`, who may not open the current page. */
export function NotAllowedPanel({ me }: { me: MeJson }) {
  const { t } = useTranslation();
  const home = pagesFor(me)[0];
  return (
    <section
      data-testid="not-allowed"
      aria-labelledby="not-allowed-title"
      className="mx-auto mt-6 grid max-w-lg justify-items-center gap-3 rounded-xl border bg-card px-6 py-12 text-center shadow-sm"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-warning/15 text-[oklch(0.5_0.13_60)]">
        <ShieldX className="size-7" aria-hidden="true" />
      </span>
      <h1 id="not-allowed-title" className="text-xl font-bold">
        {t("staff.shell.notAllowedTitle")}
      </h1>
      <p className="text-sm text-muted-foreground">
        {t("staff.shell.notAllowedBody", { role: t(`staff.roles.${me.role}`) })}
      </p>
      {home ? (
        <Link to={CONSOLE_PAGES[home].path} className={buttonVariants({ className: "mt-2" })}>
          {t("staff.shell.goHome", { page: t(`admin.nav.${home}`) })}
        </Link>
      ) : (
        <p className="text-sm text-muted-foreground">{t("staff.shell.noPages")}</p>
      )}
    </section>
  );
}
