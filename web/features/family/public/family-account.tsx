/**
 * The signed-in family on /family (docs/product.md#family-accounts): its children (siblings together, each with its
 * initials and grade) as a row of choices, the chosen child's panel, then its sessions and preferences.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LogOut } from "lucide-react";
import { buttonClass } from "~/components/public-ui/button-styles";
import { cn } from "~/components/public-ui/cn";
import { ChildPanel } from "./child-panel";
import { type FamilyMe, signOut } from "./family-api";
import { FamilyPay } from "./family-pay";
import { PreferencesCard, SessionsCard } from "./family-settings";

export function FamilyAccount({
  me,
  onSignedOut,
  reload,
}: {
  me: FamilyMe;
  onSignedOut: () => void;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(me.children[0]?.id ?? null);
  const child = me.children.find((c) => c.id === chosen) ?? null;
  return (
    <div className="grid gap-6">
      <section
        aria-labelledby="family-children"
        className="rounded-2xl border bg-card p-4 shadow-lg shadow-blue-950/5 sm:p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="family-children" className="text-lg font-bold text-blue-950">
            {t("family.home.children")}
          </h2>
          <button
            type="button"
            className={buttonClass({ variant: "ghost", size: "sm" })}
            onClick={() => void signOut().finally(onSignedOut)}
          >
            <LogOut aria-hidden />
            {t("family.home.signOut")}
          </button>
        </div>
        {me.children.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">{t("family.home.noChildren")}</p>
        ) : (
          <>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2" data-testid="children">
              {me.children.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    aria-pressed={c.id === chosen}
                    onClick={() => setChosen(c.id)}
                    className={cn(
                      "flex w-full items-center gap-3 rounded-xl border p-3 text-start transition-colors",
                      c.id === chosen ? "border-primary bg-blue-50" : "hover:bg-accent",
                    )}
                  >
                    <span
                      aria-hidden
                      className="flex size-11 shrink-0 items-center justify-center rounded-full bg-blue-950 text-base font-bold text-white"
                    >
                      {c.initials}
                    </span>
                    <span className="min-w-0">
                      <span className="block font-bold break-words text-blue-950">{c.full_name}</span>
                      <span className="block text-sm text-muted-foreground">
                        {t(`admin.grades.${c.grade}`, { defaultValue: c.grade })}
                        {!c.is_active && ` · ${t("family.home.former")}`}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {child && (
              <div className="mt-4">
                <ChildPanel childId={child.id} />
              </div>
            )}
          </>
        )}
      </section>
      <FamilyPay />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <SessionsCard me={me} onSignedOut={onSignedOut} onChanged={reload} />
        <PreferencesCard />
      </div>
    </div>
  );
}
