/**
 * The phone side menu (below md): the menu button here, the slide-in sheet (a Radix dialog, mobile-menu-sheet.tsx)
 * loaded on first open so its dialog code is not part of every public page's first load. The chunk is fetched as
 * soon as the button is pointed at or focused, so it is normally there by the time of the click.
 */
import { Menu } from "lucide-react";
import { Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/public-ui/button-styles";
import { cn } from "~/components/public-ui/cn";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy";

const loadSheet = () => import("./mobile-menu-sheet");
const MobileMenuSheet = lazyNamed(loadSheet, "MobileMenuSheet");

/** Menu button plus slide-in side menu holding the navbar links and the language switch. */
export function MobileMenu({
  className,
  onOpenChange,
}: {
  className?: string;
  onOpenChange?: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const button = useRef<HTMLButtonElement>(null);

  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={cn(buttonClass({ variant: "ghostNavy", size: "icon" }), className)}
        aria-label={t("home.nav.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? "open" : "closed"}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => change(true)}
      >
        <Menu aria-hidden="true" />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={change} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
