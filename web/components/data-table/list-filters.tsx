/**
 * Pieces of the admin list filter bars, shared by the Fees, Results and Teachers pages: a labelled select, a search box with
 * a clear button (Arabic-Indic digits accepted), the translated grade options, and the live-connection pill.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Search, X } from "lucide-react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { ADMIN_GRADES } from "~/lib/admin-events";
import type { LiveStatus } from "~/lib/live-events";
import { cn } from "~/lib/utils";

/** Props of FilterSelect; `fill` makes the select take its grid cell's width (default: 12rem from sm up). */
export interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  /** The choices in order; a label may be markup (e.g. `<span dir="auto">` around a name). */
  options: { value: string; label: ReactNode }[];
  fill?: boolean;
}

/** One labelled select of a filter bar. */
export function FilterSelect({ id, label, value, onChange, options, fill }: FilterSelectProps) {
  return (
    <div className={cn("grid gap-1.5", fill && "min-w-0")}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className={fill ? "w-full min-w-0" : "w-full sm:w-48"}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** A labelled search box with a clear button. */
export function SearchBox({
  id,
  label,
  placeholder,
  clearLabel,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  clearLabel: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="grid min-w-0 flex-1 gap-1.5 sm:min-w-64">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          className="ps-9 pe-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {value && (
          <button
            type="button"
            onClick={() => onChange("")}
            aria-label={clearLabel}
            className="absolute inset-y-0 end-0 flex w-9 items-center justify-center rounded-e-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </div>
  );
}

/** The grade options (All + the admin list), translated. */
export function useGradeOptions() {
  const { t } = useTranslation();
  return ADMIN_GRADES.map((g) => ({ value: g, label: t(`admin.grades.${g}`) }));
}

/** A small pill telling whether the live stream is connected. */
export function LiveDot({ status }: { status: LiveStatus }) {
  const { t } = useTranslation();
  const dot = { open: "bg-success", connecting: "bg-warning", error: "bg-destructive", idle: "bg-muted-foreground" }[
    status
  ];
  return (
    <span
      className="inline-flex items-center gap-2 rounded-full border bg-background px-2.5 py-1 text-xs font-medium text-muted-foreground"
      role="status"
    >
      <span className={cn("size-2 rounded-full", dot)} aria-hidden="true" />
      {t(`admin.dashboard.live.${status}`)}
    </span>
  );
}
