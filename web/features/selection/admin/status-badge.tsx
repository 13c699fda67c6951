/** Active/Inactive badge of subjects, teachers and periods (docs/product.md#course-selection). */
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";

/** Green "Active" or grey "Inactive". */
export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <Badge variant="success">{t("courseSelection.common.active")}</Badge>
  ) : (
    <Badge variant="secondary">{t("courseSelection.common.inactive")}</Badge>
  );
}
