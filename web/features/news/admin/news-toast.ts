/**
 * The News Management page's toasts (docs/product.md#news, #limits): at the top right for 3 s whatever the console
 * language, green for success and red for errors.
 */
import { toast } from "~/components/ui/lazy-toast";

const TOAST = { position: "top-right", duration: 3000 } as const;

/** Green toast. */
export function notifySuccess(text: string) {
  toast.success(text, TOAST);
}

/** Red toast. */
export function notifyError(text: string) {
  toast.error(text, TOAST);
}
