/**
 * The Staff page's list (docs/product.md#staff-and-roles): every account, loaded in the browser (the token lives in
 * localStorage), ordered active first, then by role as STAFF_ROLES lists them, then by name in the page's language.
 * A failed load is a red toast with the server's reason and `failed` for an inline Retry; a 401 signs out.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { STAFF_ROLES } from "@common/staff-roles";
import { toast } from "~/components/ui/lazy-toast";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { listStaff, type StaffMember } from "./staff-api";

/** `rows` in the list's order (a new array). */
export function sortStaff<T extends Pick<StaffMember, "is_active" | "role" | "display_name">>(
  rows: readonly T[],
  lang: string,
): T[] {
  const collator = new Intl.Collator(lang.startsWith("ar") ? "ar" : "en", { sensitivity: "base", numeric: true });
  return [...rows].sort(
    (a, b) =>
      Number(b.is_active) - Number(a.is_active) ||
      STAFF_ROLES.indexOf(a.role) - STAFF_ROLES.indexOf(b.role) ||
      collator.compare(a.display_name, b.display_name),
  );
}

/** The list, its state, and a way to put one saved account in it without a reload. */
export function useStaffList() {
  const { t, i18n } = useTranslation();
  const { failureText } = useReasonText();
  const text = useRef({ t, failureText });
  text.current = { t, failureText };
  const onAuthFailure = useHandleAuthFailure();
  const [rows, setRows] = useState<StaffMember[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const seq = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const staff = await listStaff();
      if (mine !== seq.current) return;
      setRows(staff);
      setFailed(false);
    } catch (err) {
      if (mine !== seq.current || onAuthFailure(err)) return;
      const { t: tr, failureText: explain } = text.current;
      toast.error(explain(err, tr("staff.table.failed"), tr("staff.form.network")));
      setFailed(true);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [onAuthFailure]);

  useEffect(() => {
    void reload();
    return () => {
      seq.current++;
    };
  }, [reload]);

  const put = useCallback(
    (member: StaffMember) => setRows((old) => [member, ...old.filter((m) => m.id !== member.id)]),
    [],
  );

  const lang = i18n.language;
  const sorted = useMemo(() => sortStaff(rows, lang), [rows, lang]);
  return { rows: sorted, loading, failed, reload, put };
}
