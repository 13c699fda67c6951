/**
 * The delete confirmation of News Management (docs/product.md#news): "Are you sure you want to delete this news
 * article? This action cannot be undone.", then `DELETE /api/admin/news/{id}`. Toasts: "News deleted successfully";
 * the server's reason in the admin's language or "Delete failed"; "Error deleting news" when the server cannot be
 * reached.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { deleteNews, type AdminNews } from "./news-api";
import { notifyError, notifySuccess } from "./news-toast";

/** Props of DeleteNewsDialog. `item` null = closed. */
export interface DeleteNewsDialogProps {
  item: AdminNews | null;
  onClose: () => void;
  onDeleted: (item: AdminNews) => void;
}

/** The confirmation; focus starts on Cancel and the dialog cannot be dismissed while deleting. */
export function DeleteNewsDialog({ item, onClose, onDeleted }: DeleteNewsDialogProps) {
  const { t } = useTranslation();
  const onAuthFailure = useHandleAuthFailure();
  const { failureText } = useReasonText();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!item) return;
    setBusy(true);
    try {
      await deleteNews(item.id);
      notifySuccess(t("news.admin.toast.deleted"));
      onDeleted(item);
      onClose();
    } catch (err) {
      if (onAuthFailure(err)) return;
      notifyError(failureText(err, t("news.admin.toast.deleteFailed"), t("news.admin.toast.deleteError")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={!!item}
      onOpenChange={(open) => !open && onClose()}
      title={t("news.admin.delete.title")}
      description={t("news.admin.delete.confirm")}
      details={
        item && (
          <p dir="auto" className="font-medium">
            {item.title}
          </p>
        )
      }
      cancelLabel={t("news.admin.delete.cancel")}
      confirmLabel={t("news.admin.delete.yes")}
      destructive
      busy={busy}
      onConfirm={() => void confirm()}
    />
  );
}
