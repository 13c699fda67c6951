/** The Messages page's filter bar: kind, status and grade (each with "All"), and Clear Filters. */
import { useTranslation } from "react-i18next";
import { FilterX } from "lucide-react";
import { MESSAGE_KINDS, MESSAGE_STATUSES } from "@worker/contracts/messages";
import { FilterSelect, useGradeOptions } from "~/components/data-table/list-filters";
import { Button } from "~/components/ui/button";
import { hasFilters, type MessagesQuery, withFilters } from "./messages-query";

const ALL = "__all";

export function MessagesFilters({ query, onChange }: { query: MessagesQuery; onChange: (q: MessagesQuery) => void }) {
  const { t } = useTranslation();
  const grades = useGradeOptions();
  return (
    <section
      aria-label={t("messages.filters.label")}
      className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,14rem))_auto]"
    >
      <FilterSelect
        fill
        id="messages-kind"
        label={t("messages.filters.kind")}
        value={query.kind || ALL}
        onChange={(v) => onChange(withFilters(query, { kind: v === ALL ? "" : (v as MessagesQuery["kind"]) }))}
        options={[
          { value: ALL, label: t("messages.filters.allKinds") },
          ...MESSAGE_KINDS.map((k) => ({ value: k, label: t(`messages.kinds.${k}`) })),
        ]}
      />
      <FilterSelect
        fill
        id="messages-status"
        label={t("messages.filters.status")}
        value={query.status || ALL}
        onChange={(v) => onChange(withFilters(query, { status: v === ALL ? "" : (v as MessagesQuery["status"]) }))}
        options={[
          { value: ALL, label: t("messages.filters.allStatuses") },
          ...MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`messages.statuses.${s}`) })),
        ]}
      />
      <FilterSelect
        fill
        id="messages-grade"
        label={t("messages.filters.grade")}
        value={query.grade || "All"}
        onChange={(v) => onChange(withFilters(query, { grade: v === "All" ? "" : v }))}
        options={grades}
      />
      {hasFilters(query) && (
        <Button
          variant="ghost"
          className="w-fit"
          onClick={() => onChange(withFilters(query, { kind: "", status: "", grade: "" }))}
        >
          <FilterX aria-hidden="true" />
          {t("messages.filters.clear")}
        </Button>
      )}
    </section>
  );
}
