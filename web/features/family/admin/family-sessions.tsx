/**
 * A guardian row's family sign-ins in the student dialog (docs/product.md#family-accounts, "The office"): a small
 * button that reads the number's open family sessions, and ends them all (audited). Shown for a stored number only.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { KeyRound } from "lucide-react";
import { Button } from "~/components/ui/button";
import { apiClient, call } from "~/lib/api";
import { formatNumber } from "~/lib/format";

const family = () => apiClient().api.admin.family;

type State = { status: "idle" | "loading" | "failed" } | { status: "read"; open: number };

export function FamilySessions({ phone }: { phone: string }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>({ status: "idle" });
  const read = async () => {
    setState({ status: "loading" });
    try {
      const r = await call(family().$get({ query: { phone } }));
      setState({ status: "read", open: r.sessions.length });
    } catch {
      setState({ status: "failed" });
    }
  };
  const end = async () => {
    setState({ status: "loading" });
    try {
      await call(family().sessions.end.$post({ json: { phone } }));
      setState({ status: "read", open: 0 });
    } catch {
      setState({ status: "failed" });
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs sm:col-span-2" data-family-sessions>
      <Button type="button" variant="ghost" size="sm" disabled={state.status === "loading"} onClick={() => void read()}>
        <KeyRound aria-hidden="true" />
        {t("messages.familyAccess.show")}
      </Button>
      {state.status === "failed" && <span className="text-destructive">{t("messages.familyAccess.failed")}</span>}
      {state.status === "read" && (
        <>
          <span aria-live="polite">
            {state.open === 0
              ? t("messages.familyAccess.none")
              : t("messages.familyAccess.open", { count: state.open, n: formatNumber(state.open, i18n.language) })}
          </span>
          {state.open > 0 && (
            <Button type="button" variant="outline" size="sm" onClick={() => void end()}>
              {t("messages.familyAccess.end")}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
