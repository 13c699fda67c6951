/**
 * The phone side menu's sheet, sliding in from the inline end: a Radix dialog for the focus trap, Escape and
 * outside-click closing and the page scroll lock (body overflow hidden) while it is open. Loaded on demand by
 * mobile-menu.tsx, which owns the button; focus goes back to that button on close.
 */
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Brand } from "./brand";
import { buttonClass } from "~/components/public-ui/button-styles";
import { cn } from "~/components/public-ui/cn";
import { LanguageSwitch } from "./language-switch";
import { NavItemLink, usePublicNavItems } from "./nav-items";
import { useSectionNav } from "./section-nav";

const itemClass =
  "flex items-center gap-3 rounded-lg px-3 py-3 text-base font-semibold text-foreground transition-colors hover:bg-accent hover:text-primary " +
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-accent aria-[current=page]:text-primary";

/** The open/closed sheet; `returnFocusTo` is the menu button (there is no Radix trigger to return to). */
export function MobileMenuSheet({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: React.RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const items = usePublicNavItems();
  const goToSection = useSectionNav();
  const pendingSection = useRef<string | null>(null);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-blue-950/55 backdrop-blur-[2px] data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 end-0 z-50 flex w-[85vw] max-w-xs flex-col bg-card shadow-2xl duration-300 data-[state=closed]:animate-out data-[state=closed]:slide-out-to-end data-[state=open]:animate-in data-[state=open]:slide-in-from-end"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocusTo.current?.focus();
            // Scroll only after the dialog has released the page scroll lock.
            const id = pendingSection.current;
            pendingSection.current = null;
            if (id) requestAnimationFrame(() => goToSection(id));
          }}
        >
          <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
            <Brand className="text-sm" />
            <Dialog.Close
              className={cn(buttonClass({ variant: "ghost", size: "icon" }), "shrink-0")}
              aria-label={t("home.nav.closeMenu")}
            >
              <X aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Title className="px-5 pt-5 pb-2 text-xs font-bold tracking-wide text-muted-foreground uppercase">
            {t("nav.menu")}
          </Dialog.Title>
          <nav aria-label={t("home.nav.mobileLabel")} className="flex-1 overflow-y-auto px-3">
            <ul className="space-y-1">
              {items.map((item) => (
                <li key={item.key}>
                  <NavItemLink
                    item={item}
                    className={itemClass}
                    onSection={(id) => {
                      pendingSection.current = id;
                      onOpenChange(false);
                    }}
                    onNavigate={() => onOpenChange(false)}
                  >
                    <span className="grid size-9 place-items-center rounded-md bg-primary/10 text-primary">
                      <item.icon className="size-5" aria-hidden="true" />
                    </span>
                    {item.label}
                  </NavItemLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="border-t p-4">
            <LanguageSwitch onSwitch={() => onOpenChange(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
