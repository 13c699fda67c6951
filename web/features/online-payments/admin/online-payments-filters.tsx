/**
 * The Online payments page's filter bar: status (with "All statuses"), refunds (all payments, or those with a refund
 * not recorded), the student search, and Clear filters; one under the other on a phone, side by side from sm.
 */
import { useTranslation } from "react-i18next";
import { FilterX } from "lucide-react";
import { ONLINE_STATUSES } from "@worker/contracts/online-payments";
import { FilterSelect, SearchBox } from "~/components/data-table/list-filters";
import { Button } from "~/components/ui/button";
import type { OnlineStatus } from "./online-payments-api";

const ALL = "__all";

export interface OnlineFiltersProps {
  status: OnlineStatus | "";
  onStatus: (s: OnlineStatus | "") => void;
  refund: "unrecorded" | "";
  onRefund: (r: "unrecorded" | "") => void;
  search: string;
  onSearch: (v: string) => void;
  /** Clears every filter at once. */
  onClear: () => void;
}

export function OnlinePaymentsFilters(props: OnlineFiltersProps) {
  const { status, onStatus, refund, onRefund, search, onSearch, onClear } = props;
  const { t } = useTranslation();
  const filtered = status !== "" || refund !== "" || search !== "";
  return (
    <section aria-label={t("onlinePayments.filters.label")} className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
      <FilterSelect
        id="online-status"
        label={t("onlinePayments.filters.status")}
        value={status || ALL}
        onChange={(v) => onStatus(v === ALL ? "" : (v as OnlineStatus))}
        options={[
          { value: ALL, label: t("onlinePayments.filters.allStatuses") },
          ...ONLINE_STATUSES.map((s) => ({ value: s, label: t(`onlinePayments.statuses.${s}`) })),
        ]}
      />
      <FilterSelect
        id="online-refund"
        label={t("onlinePayments.filters.refund")}
        value={refund || ALL}
        onChange={(v) => onRefund(v === "unrecorded" ? "unrecorded" : "")}
        options={[
          { value: ALL, label: t("onlinePayments.filters.allRefunds") },
          { value: "unrecorded", label: t("onlinePayments.filters.unrecordedRefunds") },
        ]}
      />
      <SearchBox
        id="online-search"
        label={t("onlinePayments.filters.search")}
        placeholder={t("onlinePayments.filters.searchPlaceholder")}
        clearLabel={t("onlinePayments.filters.clearSearch")}
        value={search}
        onChange={onSearch}
      />
      {filtered && (
        <Button variant="ghost" className="w-fit" onClick={onClear}>
          <FilterX aria-hidden="true" />
          {t("onlinePayments.filters.clear")}
        </Button>
      )}
    </section>
  );
}
