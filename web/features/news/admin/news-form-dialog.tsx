/**
 * The one news modal (docs/product.md#news): view mode (fields disabled; Close and Edit, Edit switches to edit
 * mode), edit mode and add mode. Validated with the API's own `newsInputSchema` (react-hook-form + zodResolver),
 * then `POST /api/admin/news` or `PUT /api/admin/news/{id}`. Defaults for a new article: author the signed-in staff
 * member's display name, status draft, publish date now; priority is 0 for a new article and kept as it is on edit.
 * Toasts: "News created successfully" / "News updated successfully"; the server's reason in the admin's language or "Operation failed";
 * "Error saving news" when the server cannot be reached. Fields the server refused show its reasons under them.
 */
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { Pencil } from "lucide-react";
import { newsInputSchema, type NewsInput } from "@worker/contracts/news";
import { isReason, reason } from "@worker/reasons";
import type { Issue } from "@worker/validate";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { ApiFailure } from "~/lib/api";
import { useHandleAuthFailure } from "~/lib/auth-failure";
import { useReasonText } from "~/lib/reason-text";
import { useCan, useMe } from "~/lib/use-me";
import { DEFAULT_NEWS_AUTHOR } from "@worker/lib/news-author";
import { createNews, updateNews, type AdminNews } from "./news-api";
import { NewsFormFields, type NewsField, type NewsFormValues } from "./news-form-fields";
import { notifyError, notifySuccess } from "./news-toast";

/** The modal's mode. */
export type NewsModalMode = "view" | "edit" | "add";

/** Props of NewsFormDialog. `item` is required in view and edit mode. */
export interface NewsFormDialogProps {
  open: boolean;
  mode: NewsModalMode;
  item: AdminNews | null;
  onOpenChange: (open: boolean) => void;
  onModeChange: (mode: NewsModalMode) => void;
  /** Called after a successful create/update (the page reloads its list and counters). */
  onSaved: (item: AdminNews) => void;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DDTHH:mm` (datetime-local) of a time, in the browser's time zone. */
export function toLocalInput(value: string | Date): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The form's values; a new article's author is the signed-in staff member (the stored default until known). */
function valuesOf(item: AdminNews | null, author = DEFAULT_NEWS_AUTHOR): NewsFormValues {
  if (!item)
    return {
      title: "",
      summary: "",
      content: "",
      image_url: "",
      author_name: author,
      status: "draft",
      publish_date: toLocalInput(new Date()),
    };
  return {
    title: item.title,
    summary: item.summary ?? "",
    content: item.content,
    image_url: item.image_url ?? "",
    author_name: item.author_name,
    status: item.status,
    publish_date: toLocalInput(item.publish_date),
  };
}

const schemaResolver = zodResolver(newsInputSchema);
const FIELDS: readonly string[] = [
  "title",
  "summary",
  "content",
  "image_url",
  "author_name",
  "status",
  "publish_date",
] satisfies NewsField[];

/** The issues of a 400 that name a field of the form (the error shape's `issues`, docs/product.md#api-errors). */
function fieldIssues(err: unknown): Array<Issue & { path: NewsField }> {
  const issues = err instanceof ApiFailure ? err.body?.issues : undefined;
  if (!Array.isArray(issues)) return [];
  return issues.filter((i): i is Issue & { path: NewsField } => FIELDS.includes(i?.path) && isReason(i?.reason));
}

/**
 * The schema reads a local `datetime-local` value as the browser's local time and sends it as UTC; an emptied
 * date means "now", which the server fills in.
 */
const resolver = ((values: NewsFormValues, ctx: unknown, options: never) =>
  schemaResolver({ ...values, publish_date: values.publish_date || null } as never, ctx, options)) as never;

/** The view/edit/add modal. */
export function NewsFormDialog({ open, mode, item, onOpenChange, onModeChange, onSaved }: NewsFormDialogProps) {
  const { t } = useTranslation();
  const onAuthFailure = useHandleAuthFailure();
  const { failureText } = useReasonText();
  const form = useForm<NewsFormValues, unknown, NewsInput>({ resolver, defaultValues: valuesOf(null) });
  const { handleSubmit, reset, setError, formState } = form;
  const { isSubmitting } = formState;
  const editing = mode === "edit" && item;
  // View mode offers Edit only to a role that may change news (docs/product.md#staff-and-roles).
  const canManage = useCan("news.manage");
  const me = useMe();

  // Fresh values each time the modal opens or shows another article; switching view → edit keeps them.
  const itemKey = mode === "add" ? "new" : item?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: itemKey stands for the item: fresh values when the modal opens or shows another article
  useEffect(() => {
    if (open) reset(valuesOf(mode === "add" ? null : item, me?.display_name || undefined));
  }, [open, itemKey, reset]);

  // View → Edit: the fields just became editable; start typing in the title.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the switch from view to edit moves focus
  useEffect(() => {
    if (open && mode === "edit") requestAnimationFrame(() => form.setFocus("title"));
  }, [mode]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = editing
        ? await updateNews(item.id, { ...input, id: item.id, priority: item.priority })
        : await createNews({ ...input, priority: 0 });
      notifySuccess(t(editing ? "news.admin.toast.updated" : "news.admin.toast.created"));
      onSaved(saved);
      onOpenChange(false);
    } catch (err) {
      if (onAuthFailure(err)) return;
      // The field's message is the reason, so it shows in the admin's language like the form's own checks.
      for (const issue of fieldIssues(err)) setError(issue.path, { message: reason(issue.reason, issue.params) });
      notifyError(failureText(err, t("news.admin.toast.saveFailed"), t("news.admin.toast.saveError")));
    }
  });

  const title = t(
    mode === "view"
      ? "news.admin.form.viewTitle"
      : mode === "edit"
        ? "news.admin.form.editTitle"
        : "news.admin.form.addTitle",
  );
  const description = t(
    mode === "view"
      ? "news.admin.form.viewDescription"
      : mode === "edit"
        ? "news.admin.form.editDescription"
        : "news.admin.form.addDescription",
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent closeLabel={t("news.admin.form.close")} className="sm:max-w-2xl" data-testid="news-form-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid min-w-0 gap-4">
          <NewsFormFields form={form} readOnly={mode === "view"} />
          <DialogFooter className="mt-2">
            {/* Distinct keys: without them React would turn the clicked Edit button into the submit button while
                the click is still being handled, and the browser would then submit the form. */}
            {mode === "view" ? (
              <>
                <Button key="view-close" variant="outline" onClick={() => onOpenChange(false)}>
                  {t("news.admin.form.close")}
                </Button>
                {canManage && (
                  <Button
                    key="view-edit"
                    onClick={(e) => {
                      e.preventDefault();
                      onModeChange("edit");
                    }}
                  >
                    <Pencil aria-hidden="true" />
                    {t("news.admin.form.edit")}
                  </Button>
                )}
              </>
            ) : (
              <>
                <Button key="cancel" variant="outline" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
                  {t("news.admin.form.cancel")}
                </Button>
                <Button key="submit" type="submit" disabled={isSubmitting}>
                  {isSubmitting && <Spinner className="size-4" />}
                  {isSubmitting
                    ? t("news.admin.form.saving")
                    : t(mode === "add" ? "news.admin.form.create" : "news.admin.form.save")}
                </Button>
              </>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
