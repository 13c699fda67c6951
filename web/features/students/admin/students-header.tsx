/**
 * The Students page's title and buttons (docs/product.md#students): Refresh, Export CSV, Import and Add Student.
 * Pointer-over or focus of Export and Add fetches their code early, so the first click does not wait for it. Export
 * needs `students.read`, Import and Add `students.write` (docs/product.md#staff-and-roles).
 */
import { useTranslation } from "react-i18next";
import { Download, Plus, RefreshCw } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ImportButton } from "~/features/import/admin/import-button";
import { meCan, useCanFn, useMe } from "~/lib/use-me";
import { scopeOf } from "@worker/permissions";
import type { MeJson } from "@worker/contracts/staff";
import { cn } from "~/lib/utils";
import { loadStudentFormDialog, loadStudentsCsv } from "./lazy-dialogs";
import { YearSelect } from "~/features/academic-years/admin/year-select";

export interface StudentsHeaderProps {
  refreshing: boolean;
  onRefresh: () => void;
  /** Export is off while the list loads, while an export runs, and when no student matches. */
  exportDisabled: boolean;
  exporting: boolean;
  onExport: () => void;
  /** The year the export writes (the current one by default; null until the years are known). */
  exportYear: string | null;
  onExportYear: (year: string) => void;
  onImported: () => void;
  onAdd: () => void;
}

/** The subtitle's key: the office's "register and update" only to a role that may; read-only roles are told so. */
export function studentsSubtitleKey(me: Pick<MeJson, "role" | "permissions"> | null): string {
  if (!me || meCan(me, "students.write")) return "students.subtitle";
  return scopeOf(me.role, "students.read") === "assigned" ? "students.subtitleAssigned" : "students.subtitleReadOnly";
}

export function StudentsHeader(p: StudentsHeaderProps) {
  const { t } = useTranslation();
  const can = useCanFn();
  const subtitle = studentsSubtitleKey(useMe());
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl rtl:tracking-normal">{t("students.title")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t(subtitle)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={p.onRefresh} disabled={p.refreshing} aria-busy={p.refreshing || undefined}>
          <RefreshCw className={cn(p.refreshing && "animate-spin")} aria-hidden="true" />
          {t("students.refresh")}
        </Button>
        {can("students.read") && (
          <div className="flex items-center gap-1">
            <YearSelect value={p.exportYear} onChange={p.onExportYear} label={t("students.exportYear")} />
            <Button
              variant="outline"
              onClick={p.onExport}
              onPointerEnter={() => void loadStudentsCsv()}
              onFocus={() => void loadStudentsCsv()}
              disabled={p.exportDisabled}
              aria-busy={p.exporting || undefined}
            >
              <Download aria-hidden="true" />
              {t("students.exportCsv")}
            </Button>
          </div>
        )}
        <ImportButton kind="students" onDone={p.onImported} />
        {can("students.write") && (
          <Button
            onClick={p.onAdd}
            onPointerEnter={() => void loadStudentFormDialog()}
            onFocus={() => void loadStudentFormDialog()}
          >
            <Plus aria-hidden="true" />
            {t("students.addStudent")}
          </Button>
        )}
      </div>
    </header>
  );
}
