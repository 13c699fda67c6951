/**
 * The Students table's columns (docs/product.md#students): Name (resizable 180-500 px), ID, Nationality, Religion,
 * Grade, Building, Gender, Status (badge), Actions (Edit, Delete). Known stored values (grades, nationalities,
 * religions) are shown translated; grades sort in school order. The page leaves out the actions the role may not
 * take (docs/product.md#staff-and-roles), and the Actions column when it takes none.
 */
import type { TFunction } from "i18next";
import { Pencil, Trash2 } from "lucide-react";
import { badgeVariants } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { dataTableColumns } from "~/components/data-table";
import { formatNumber } from "~/lib/format";
import type { Student } from "./student-types";

/** Name column width limits (docs/product.md#students): 180 to 500 px; it starts at 200 px. */
export const NAME_COLUMN = { size: 200, minSize: 180, maxSize: 500 } as const;

/** Row actions the Actions column calls; a missing one is not offered. */
export interface StudentRowActions {
  onEdit?: (student: Student) => void;
  onDelete?: (student: Student) => void;
  /** Pointer over or focus on Edit/Delete: a chance to fetch that dialog's code before the click. */
  onIntent?: (action: "edit" | "delete") => void;
}

const col = dataTableColumns<Student>();

/**
 * Class names of the cells' pills and icon buttons, joined once (they are the Badge and ghost icon Button styles):
 * a page renders 15-50 rows, and per-cell tailwind-merge calls were a visible part of its first render at 4× CPU
 * (bench/README.md, benchmark 3).
 */
const PILL = {
  active: cn(badgeVariants({ variant: "success" })),
  inactive: cn(badgeVariants({ variant: "secondary" })),
};
const EDIT_BUTTON = cn(buttonVariants({ variant: "ghost", size: "icon" }), "size-8");
const DELETE_BUTTON = cn(
  buttonVariants({ variant: "ghost", size: "icon" }),
  "size-8 text-destructive hover:bg-destructive/10 hover:text-destructive",
);

/** `t` with a cache per key: the same few labels repeat on every row (translation lookups add up). */
function cachedT(t: TFunction) {
  const cache = new Map<string, string>();
  return (key: string, defaultValue?: string): string => {
    let v = cache.get(key);
    if (v === undefined) {
      v = defaultValue === undefined ? t(key) : t(key, { defaultValue });
      cache.set(key, v);
    }
    return v;
  };
}

/** A text with one `{{name}}` slot, translated once and split, so each row only joins strings. */
function withName(t: TFunction, key: string): (name: string) => string {
  const text = t(key, { name: "\u0000" });
  const at = text.indexOf("\u0000");
  return at < 0 ? () => text : (name) => text.slice(0, at) + name + text.slice(at + 1);
}

/** The column definitions; memoise on `t`, the language and the actions. */
export function studentColumns(t: TFunction, lang: string, { onEdit, onDelete, onIntent }: StudentRowActions) {
  const tc = cachedT(t);
  const value = (group: "nationalities" | "religions" | "gender", v: string) => tc(`students.${group}.${v}`, v);
  const editTitle = tc("students.actions.edit");
  const deleteTitle = tc("students.actions.delete");
  const editNamed = withName(t, "students.actions.editNamed");
  const deleteNamed = withName(t, "students.actions.deleteNamed");
  const active = tc("students.status.active");
  const inactive = tc("students.status.inactive");
  const columns = col.columns([
    col.accessor("full_name", {
      id: "name",
      header: t("students.columns.name"),
      // A name is the school's data in either script: isolated, so an English name keeps its order on an Arabic page.
      cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
      ...NAME_COLUMN,
      enableResizing: true,
      meta: { rowHeader: true, skeletonClassName: "w-40" },
    }),
    col.accessor("student_no", {
      id: "id",
      header: t("students.columns.id"),
      cell: ({ getValue }) => (
        <span dir="ltr" className="font-mono text-[0.8125rem] tabular-nums">
          {getValue()}
        </span>
      ),
      meta: { priority: 1, skeletonClassName: "w-32" },
    }),
    col.accessor("nationality", {
      id: "nationality",
      header: t("students.columns.nationality"),
      cell: ({ getValue }) => value("nationalities", getValue()),
      meta: { priority: 6, skeletonClassName: "w-16" },
    }),
    col.accessor("religion", {
      id: "religion",
      header: t("students.columns.religion"),
      cell: ({ getValue }) => {
        const v = getValue();
        return v ? value("religions", v) : <span className="text-muted-foreground">—</span>;
      },
      meta: { priority: 7, skeletonClassName: "w-14" },
    }),
    col.accessor("current_grade", {
      id: "grade",
      header: t("students.columns.grade"),
      cell: ({ getValue }) => tc(`admin.grades.${getValue()}`, getValue()),
      meta: { priority: 2, skeletonClassName: "w-20" },
    }),
    col.accessor("building_no", {
      id: "building",
      header: t("students.columns.building"),
      cell: ({ getValue }) => formatNumber(getValue(), lang),
      sortDescFirst: false,
      meta: { priority: 4, align: "center", skeletonClassName: "mx-auto w-6" },
    }),
    col.accessor("gender", {
      id: "gender",
      header: t("students.columns.gender"),
      cell: ({ getValue }) => value("gender", getValue()),
      meta: { priority: 5, skeletonClassName: "w-12" },
    }),
    col.accessor("is_active", {
      id: "status",
      header: t("students.columns.status"),
      cell: ({ getValue }) =>
        getValue() ? (
          <span data-slot="badge" className={PILL.active}>
            {active}
          </span>
        ) : (
          <span data-slot="badge" className={PILL.inactive}>
            {inactive}
          </span>
        ),
      sortFn: (a, b, id) => Number(b.getValue(id)) - Number(a.getValue(id)),
      meta: { priority: 3, skeletonClassName: "w-14 rounded-full" },
    }),
    col.display({
      id: "actions",
      header: t("students.columns.actions"),
      cell: ({ row }) => {
        const name = row.original.full_name;
        return (
          <div className="flex justify-end gap-1">
            {onEdit && (
              <button
                type="button"
                data-slot="button"
                className={EDIT_BUTTON}
                onClick={() => onEdit(row.original)}
                onPointerEnter={() => onIntent?.("edit")}
                onFocus={() => onIntent?.("edit")}
                aria-label={editNamed(name)}
                title={editTitle}
              >
                <Pencil aria-hidden="true" />
              </button>
            )}
            {onDelete && (
              <button
                type="button"
                data-slot="button"
                className={DELETE_BUTTON}
                onClick={() => onDelete(row.original)}
                onPointerEnter={() => onIntent?.("delete")}
                onFocus={() => onIntent?.("delete")}
                aria-label={deleteNamed(name)}
                title={deleteTitle}
              >
                <Trash2 aria-hidden="true" />
              </button>
            )}
          </div>
        );
      },
      meta: { align: "end", skeletonClassName: "ms-auto w-16" },
    }),
  ]);
  return onEdit || onDelete ? columns : columns.filter((c) => c.id !== "actions");
}
