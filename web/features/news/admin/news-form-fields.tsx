/**
 * The fields of the news modal (docs/product.md#news): title (required, ≤ 255), summary, content (required),
 * image URL (optional, URL-shaped, with a preview), author, status (required) and publish date (datetime-local,
 * the admin's own time zone). Priority is not editable. Disabled as a whole in view mode. Messages are the schema's
 * and the server's reasons, in the admin's language.
 */
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { NEWS_STATUSES, NEWS_TITLE_MAX, type NewsInput, type NewsStatus } from "@worker/contracts/news";
import { NewsImage } from "~/features/news/public/news-image";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { useReasonText } from "~/lib/reason-text";
import { formatNumber } from "~/lib/format";

/** What the inputs hold (all text; the schema turns them into the request body). */
export interface NewsFormValues {
  title: string;
  summary: string;
  content: string;
  image_url: string;
  author_name: string;
  status: NewsStatus | "";
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone; "" = now (the server's default). */
  publish_date: string;
}

/** Field names. */
export type NewsField = keyof NewsFormValues;

const isHttpUrl = (v: string) => {
  try {
    return ["http:", "https:"].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

/** The form body; `readOnly` disables every field (view mode). */
export function NewsFormFields({
  form,
  readOnly,
}: {
  form: UseFormReturn<NewsFormValues, unknown, NewsInput>;
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { messageText } = useReasonText();
  const { register, control, watch, formState } = form;
  const { errors } = formState;
  const imageUrl = watch("image_url").trim();
  const titleLength = watch("title").trim().length;

  const ids = (name: NewsField, hint = false) => ({
    id: `news-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby":
      [errors[name] ? `news-${name}-error` : "", hint ? `news-${name}-hint` : ""].filter(Boolean).join(" ") ||
      undefined,
  });
  const label = (name: NewsField, text: string, required = false) => (
    <Label htmlFor={`news-${name}`}>
      {text}
      {required && (
        <span className="text-destructive" aria-hidden="true">
          *
        </span>
      )}
    </Label>
  );
  const error = (name: NewsField) => {
    const message = errors[name]?.message;
    return message ? (
      <p id={`news-${name}-error`} className="text-sm text-destructive">
        {messageText(message)}
      </p>
    ) : null;
  };
  const hint = (name: NewsField, text: string) => (
    <p id={`news-${name}-hint`} className="text-xs text-muted-foreground">
      {text}
    </p>
  );

  return (
    <fieldset disabled={readOnly} className="grid min-w-0 gap-4">
      <div className="grid gap-2">
        {label("title", t("news.admin.form.title"), true)}
        <Input {...ids("title")} dir="auto" aria-required="true" autoComplete="off" {...register("title")} />
        <div className="flex justify-between gap-3">
          {error("title") ?? <span />}
          {!readOnly && (
            <span
              className={
                titleLength > NEWS_TITLE_MAX
                  ? "text-xs text-destructive tabular-nums"
                  : "text-xs text-muted-foreground tabular-nums"
              }
            >
              {formatNumber(titleLength, i18n.language)}/{formatNumber(NEWS_TITLE_MAX, i18n.language)}
            </span>
          )}
        </div>
      </div>
      <div className="grid gap-2">
        {label("summary", t("news.admin.form.summary"))}
        <Textarea {...ids("summary", !readOnly)} dir="auto" rows={2} className="min-h-16" {...register("summary")} />
        {!readOnly && hint("summary", t("news.admin.form.summaryHint"))}
        {error("summary")}
      </div>
      <div className="grid gap-2">
        {label("content", t("news.admin.form.content"), true)}
        <Textarea
          {...ids("content", !readOnly)}
          dir="auto"
          aria-required="true"
          rows={8}
          className="min-h-40"
          {...register("content")}
        />
        {!readOnly && hint("content", t("news.admin.form.contentHint"))}
        {error("content")}
      </div>
      <div className="grid gap-2">
        {label("image_url", t("news.admin.form.imageUrl"))}
        <Input
          {...ids("image_url")}
          type="url"
          inputMode="url"
          dir="ltr"
          className="text-start"
          placeholder="https://"
          autoComplete="off"
          {...register("image_url")}
        />
        {error("image_url")}
        {imageUrl && isHttpUrl(imageUrl) && (
          <figure className="w-48 overflow-hidden rounded-md border">
            <NewsImage src={imageUrl} />
            <figcaption className="sr-only">{t("news.admin.form.imagePreview")}</figcaption>
          </figure>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid content-start gap-2">
          {label("author_name", t("news.admin.form.author"))}
          <Input {...ids("author_name")} dir="auto" autoComplete="off" {...register("author_name")} />
          {error("author_name")}
        </div>
        <div className="grid content-start gap-2">
          {label("status", t("news.admin.form.status"), true)}
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={readOnly}>
                <SelectTrigger {...ids("status")} aria-required="true" className="w-full" onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {NEWS_STATUSES.map((s) => (
                    <SelectItem key={s} value={s}>
                      {t(`news.admin.status.${s}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          {error("status")}
        </div>
        <div className="grid content-start gap-2">
          {label("publish_date", t("news.admin.form.publishDate"))}
          <Input
            {...ids("publish_date")}
            type="datetime-local"
            dir="ltr"
            className="text-start"
            {...register("publish_date")}
          />
          {error("publish_date")}
        </div>
      </div>
    </fieldset>
  );
}
