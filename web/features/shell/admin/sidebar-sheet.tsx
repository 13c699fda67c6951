/**
 * The phone navigation (docs/product.md#admin-shell): the sidebar in a start-side sheet. Its own module so the
 * layout loads Radix Dialog only when the sheet is first opened (not needed to show a page); see
 * routes/admin/layout.tsx.
 */
import { useTranslation } from "react-i18next";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { AdminSidebar } from "./admin-sidebar";

/** The controlled sheet; choosing an item closes it. */
export function SidebarSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="start"
        className="w-72 gap-0 border-slate-800 p-0 sm:max-w-72 [&>button]:text-slate-300"
        closeLabel={t("admin.nav.closeSidebar")}
      >
        <SheetTitle className="sr-only">{t("admin.consoleTitle")}</SheetTitle>
        <SheetDescription className="sr-only">{t("admin.nav.label")}</SheetDescription>
        <AdminSidebar onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}
