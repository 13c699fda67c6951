/**
 * One line of the fee-plan dialog (docs/product.md#fee-plans): names, total, "1 / 2 / 4 equal", and its instalments
 * (due date, amount). A field the server refused is marked (`aria-invalid`) with the reason under it.
 */
import { useTranslation } from "react-i18next";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { LocalDigitsInput } from "~/components/ui/local-digits-input";
import { Label } from "~/components/ui/label";
import { formatEgp, formatNumber } from "~/lib/format";
import { equalSplit, piastresOf, type LineState, type PlanErrors } from "./use-fee-plan-form";

/** The message under a refused field; its id is what the field's `aria-describedby` names. */
export function FieldError({ id, text, className = "" }: { id: string; text: string | undefined; className?: string }) {
  if (!text) return null;
  return (
    <p id={id} className={`text-sm text-destructive ${className}`}>
      {text}
    </p>
  );
}

/** The id of the message under the field at `path` ("lines.0.total" → "err-lines-0-total"). */
export const errId = (path: string) => `err-${path.replace(/\./g, "-")}`;

/** `aria-invalid` and `aria-describedby` of a field the refusal at `path` marks. */
export function marked(errors: PlanErrors, path: string) {
  return errors[path] ? { "aria-invalid": true, "aria-describedby": errId(path) } : {};
}

interface LineProps {
  line: LineState;
  li: number;
  year: string;
  lang: string;
  errors: PlanErrors;
  removable: boolean;
  setLine: (i: number, patch: Partial<LineState>) => void;
  onRemove: () => void;
}

/** A fee line's fieldset. */
export function PlanLine({ line, li, year, lang, errors, removable, setLine, onRemove }: LineProps) {
  const { t } = useTranslation();
  const sum = line.instalments.reduce((s, x) => s + (piastresOf(x.amount) ?? 0), 0);
  const total = piastresOf(line.total);
  const at = (field: string) => `lines.${li}.${field}`;
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3" data-line={li}>
      <legend className="px-1 text-sm font-semibold">{t("fees.plans.line", { n: li + 1 })}</legend>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_9rem] sm:items-start">
        <div className="grid gap-1.5">
          <Label htmlFor={`line-${li}-name`}>{t("fees.plans.lineName")}</Label>
          <Input
            id={`line-${li}-name`}
            dir="rtl"
            lang="ar"
            value={line.name}
            onChange={(e) => setLine(li, { name: e.target.value })}
            list="plan-line-names-ar"
            {...marked(errors, at("name"))}
          />
          <FieldError id={errId(at("name"))} text={errors[at("name")]} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`line-${li}-name-en`}>{t("fees.plans.lineNameEn")}</Label>
          <Input
            id={`line-${li}-name-en`}
            dir="ltr"
            lang="en"
            value={line.nameEn}
            onChange={(e) => setLine(li, { nameEn: e.target.value })}
            list="plan-line-names-en"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`line-${li}-total`}>{t("fees.plans.lineTotal")}</Label>
          <LocalDigitsInput
            id={`line-${li}-total`}
            inputMode="decimal"
            dir="ltr"
            language={lang}
            value={line.total}
            onValueChange={(total) => setLine(li, { total })}
            {...marked(errors, at("total"))}
          />
        </div>
        <FieldError id={errId(at("total"))} text={errors[at("total")]} className="sm:col-span-3" />
        <div className="flex flex-wrap gap-1 sm:col-span-3" role="group" aria-label={t("fees.plans.split")}>
          {[1, 2, 4].map((n) => (
            <Button
              key={n}
              type="button"
              size="sm"
              variant="outline"
              onClick={() => setLine(li, { instalments: equalSplit(year, line.total, n) })}
            >
              {t("fees.plans.equal", { count: n, formatted: formatNumber(n, lang) })}
            </Button>
          ))}
        </div>
      </div>
      <Instalments line={line} li={li} lang={lang} errors={errors} setLine={setLine} />
      <FieldError id={errId(at("instalments"))} text={errors[at("instalments")]} />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() =>
            setLine(li, {
              instalments: [...line.instalments, { due_date: line.instalments.at(-1)?.due_date ?? "", amount: "0" }],
            })
          }
        >
          <Plus aria-hidden="true" />
          {t("fees.plans.addInstalment")}
        </Button>
        <span
          className={total !== null && total !== sum ? "font-semibold text-destructive" : "text-muted-foreground"}
          aria-live="polite"
        >
          {t("fees.plans.sum", { sum: formatEgp(sum / 100, lang) })}
        </span>
        {removable && (
          <Button type="button" size="sm" variant="ghost" className="text-destructive" onClick={onRemove}>
            {t("fees.plans.removeLine")}
          </Button>
        )}
      </div>
    </fieldset>
  );
}

/** The instalments of a line: number, due date, amount, remove; a refused date or amount marked under its row. */
function Instalments({ line, li, lang, errors, setLine }: Omit<LineProps, "year" | "removable" | "onRemove">) {
  const { t } = useTranslation();
  const change = (k: number, patch: Partial<LineState["instalments"][number]>) =>
    setLine(li, { instalments: line.instalments.map((y, j) => (j === k ? { ...y, ...patch } : y)) });
  return (
    <ol className="grid gap-2">
      {line.instalments.map((x, k) => {
        const at = (field: string) => `lines.${li}.instalments.${k}.${field}`;
        const message = errors[at("due_date")] ?? errors[at("amount")];
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: instalments are positions within their line; the form addresses them by index
            key={k}
            className="grid grid-cols-[1.25rem_minmax(0,1fr)_auto] items-center gap-2 sm:grid-cols-[1.25rem_minmax(9.5rem,1.3fr)_minmax(5rem,1fr)_auto]"
          >
            <span className="text-sm text-muted-foreground tabular-nums">{formatNumber(k + 1, lang)}</span>
            <Input
              aria-label={t("fees.plans.dueDate", { n: k + 1 })}
              type="date"
              value={x.due_date}
              onChange={(e) => change(k, { due_date: e.target.value })}
              {...marked(errors, at("due_date"))}
            />
            {/* Phones: the amount goes under the date; from sm up it sits beside it. */}
            <LocalDigitsInput
              className="order-last col-span-2 col-start-2 sm:order-none sm:col-span-1 sm:col-start-auto"
              aria-label={t("fees.plans.amount", { n: k + 1 })}
              inputMode="decimal"
              dir="ltr"
              language={lang}
              value={x.amount}
              onValueChange={(amount) => change(k, { amount })}
              {...marked(errors, at("amount"))}
            />
            <Button
              className="sm:order-last"
              type="button"
              size="icon"
              variant="ghost"
              aria-label={t("fees.plans.removeInstalment", { n: k + 1 })}
              disabled={line.instalments.length === 1}
              onClick={() => setLine(li, { instalments: line.instalments.filter((_, j) => j !== k) })}
            >
              <Trash2 aria-hidden="true" />
            </Button>
            <FieldError
              id={errId(at(errors[at("due_date")] ? "due_date" : "amount"))}
              text={message}
              className="order-last col-span-2 col-start-2 sm:col-span-3"
            />
          </li>
        );
      })}
    </ol>
  );
}
