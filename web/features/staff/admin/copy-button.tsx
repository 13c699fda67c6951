/**
 * Copies a temporary password to the clipboard (docs/product.md#staff-and-roles): "Copied" with a tick for two
 * seconds; where the clipboard is refused (an insecure page, a denied permission) a toast says to copy by hand.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Check, Copy } from "lucide-react";
import { toast } from "~/components/ui/lazy-toast";
import { Button, type ButtonProps } from "~/components/ui/button";

/** How long the button says "Copied". */
const COPIED_MS = 2000;

/** The button; `text` is what it copies. */
export function CopyButton({ text, ...props }: { text: string } & Omit<ButtonProps, "onClick" | "children">) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      toast.error(t("staff.reset.copyFailed"));
    }
  };

  return (
    <Button type="button" variant="outline" onClick={() => void copy()} {...props}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{copied ? t("staff.reset.copied") : t("staff.reset.copy")}</span>
    </Button>
  );
}
