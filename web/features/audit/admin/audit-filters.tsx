/**
 * The Audit Log filter bar: Entity and Admin (the values the server reports), Entity ID and Student (national ID /
 * student number; Arabic-Indic/Persian digits converted as typed, applied 400 ms after typing stops or on Enter), From/To dates (`YYYY-MM-DD`) and
 * Clear Filters. Every change goes to the URL and returns to page 1 (see audit-query.ts).
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FilterX } from "lucide-react";
import type { AuditQuery } from "@worker/contracts/audit";
import { normalizeDigits } from "~/components/data-table";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { FilterSelect } from "~/components/data-table/list-filters";
import { hasFilters, rangeInverted, withFilters } from "./audit-query";
import { entityLabel } from "./audit-format";

/** Debounce of the Entity ID box. */
export const ENTITY_ID_DEBOUNCE_MS = 400;
/** "All" in a select (Radix Select needs a non-empty value). */
const ALL = "__all";

/** Props: the current query, the setter, and the choices from the last response. */
export interface AuditFiltersProps {
  query: AuditQuery;
  onChange: (next: AuditQuery, opts?: { replace?: boolean }) => void;
  entities: string[];
  admins: string[];
}

const LABEL = "text-xs font-medium text-muted-foreground";

/** A select whose first choice means "no filter" (""), e.g. All entities. */
function AllOrOneSelect({
  id,
  label,
  all,
  value,
  options,
  labelOf,
  onChange,
}: {
  id: string;
  label: string;
  all: string;
  value: string;
  options: string[];
  labelOf: (value: string) => string;
  onChange: (value: string) => void;
}) {
  // The chosen value stays selectable before the first response (a shared link) or after its rows are gone.
  const list = value && !options.includes(value) ? [...options, value] : options;
  return (
    <FilterSelect
      fill
      id={id}
      label={label}
      value={value || ALL}
      onChange={(v) => onChange(v === ALL ? "" : v)}
      options={[
        { value: ALL, label: all },
        ...list.map((v) => ({ value: v, label: <span dir="auto">{labelOf(v)}</span> })),
      ]}
    />
  );
}

/**
 * A text filter applied 400 ms after typing stops, on Enter or on leaving the box (Arabic-Indic/Persian digits
 * converted as typed); it follows the URL when the filter changes elsewhere (Clear Filters, Back, a history link).
 */
function IdFilter({
  id,
  label,
  placeholder,
  value,
  onApply,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onApply: (value: string) => void;
}) {
  const [typed, setTyped] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const valueRef = useRef(value);
  valueRef.current = value;
  useEffect(() => {
    setTyped((current) => (current.trim() === value ? current : value));
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const apply = (v: string) => {
    clearTimeout(timer.current);
    if (v.trim() !== valueRef.current) onApply(v.trim());
  };
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <Input
        id={id}
        value={typed}
        inputMode="text"
        autoComplete="off"
        dir="auto"
        placeholder={placeholder}
        onChange={(e) => {
          const v = normalizeDigits(e.target.value);
          setTyped(v);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => apply(v), ENTITY_ID_DEBOUNCE_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") apply(typed);
        }}
        onBlur={() => apply(typed)}
      />
    </div>
  );
}

/** The filter bar above the list (docs/product.md#audit-log). */
export function AuditFilters({ query, onChange, entities, admins }: AuditFiltersProps) {
  const { t } = useTranslation();
  const queryRef = useRef(query);
  queryRef.current = query;
  const applyText = (patch: Partial<AuditQuery>) => onChange(withFilters(queryRef.current, patch), { replace: true });
  const set = (patch: Partial<AuditQuery>, replace = false) => onChange(withFilters(query, patch), { replace });
  const inverted = rangeInverted(query);

  return (
    <section aria-label={t("audit.filters.label")} className="grid gap-3 rounded-lg border bg-card p-4 shadow-xs">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[repeat(4,minmax(0,1fr))_repeat(2,minmax(0,0.8fr))_auto] lg:items-end">
        <AllOrOneSelect
          id="audit-entity"
          label={t("audit.filters.entity")}
          all={t("audit.filters.allEntities")}
          value={query.entity}
          options={entities}
          labelOf={(e) => entityLabel(t, e)}
          onChange={(v) => set({ entity: v })}
        />
        <IdFilter
          id="audit-entity-id"
          label={t("audit.filters.entityId")}
          placeholder={t("audit.filters.entityIdPlaceholder")}
          value={query.entity_id}
          onApply={(v) => applyText({ entity_id: v })}
        />
        <IdFilter
          id="audit-student"
          label={t("audit.filters.student")}
          placeholder={t("audit.filters.studentPlaceholder")}
          value={query.student}
          onApply={(v) => applyText({ student: v })}
        />
        <div className="col-span-2 lg:col-span-1">
          <AllOrOneSelect
            id="audit-admin"
            label={t("audit.filters.admin")}
            all={t("audit.filters.allAdmins")}
            value={query.admin}
            options={admins}
            labelOf={(a) => a}
            onChange={(v) => set({ admin: v })}
          />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <label htmlFor="audit-from" className={LABEL}>
            {t("audit.filters.from")}
          </label>
          <Input
            id="audit-from"
            type="date"
            value={query.from}
            max={query.to || undefined}
            aria-invalid={inverted || undefined}
            aria-describedby={inverted ? "audit-range-error" : undefined}
            onChange={(e) => set({ from: e.target.value }, true)}
          />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <label htmlFor="audit-to" className={LABEL}>
            {t("audit.filters.to")}
          </label>
          <Input
            id="audit-to"
            type="date"
            value={query.to}
            min={query.from || undefined}
            aria-invalid={inverted || undefined}
            aria-describedby={inverted ? "audit-range-error" : undefined}
            onChange={(e) => set({ to: e.target.value }, true)}
          />
        </div>
        <Button
          variant="outline"
          className="col-span-2 lg:col-span-1"
          disabled={!hasFilters(query)}
          onClick={() =>
            onChange(withFilters(query, { entity: "", entity_id: "", student: "", admin: "", from: "", to: "" }))
          }
        >
          <FilterX aria-hidden="true" />
          {t("audit.filters.clear")}
        </Button>
      </div>
      {inverted && (
        <p id="audit-range-error" role="alert" className="text-sm text-destructive">
          {t("audit.filters.rangeInverted")}
        </p>
      )}
    </section>
  );
}
