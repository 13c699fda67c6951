/** The Edit and Delete icon buttons of a table row (subjects, teachers, periods). */
import { useTranslation } from "react-i18next";
import { Pencil, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";

export interface RowActionsProps {
  /** The row's name, for the buttons' accessible names ("Edit Mathematics"). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** Two ghost icon buttons, end-aligned. */
export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        onClick={onEdit}
        aria-label={t("courseSelection.common.editNamed", { name })}
        title={t("courseSelection.common.edit")}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
        onClick={onDelete}
        aria-label={t("courseSelection.common.deleteNamed", { name })}
        title={t("courseSelection.common.delete")}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}
