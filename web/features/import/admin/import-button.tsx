/**
 * The Import button of a list page (docs/product.md#bulk-import): opens the Import dialog, whose code (and the
 * spreadsheet library behind it) loads on pointer-over, focus or the first click, never with the page. Shown only to
 * a role that may import that kind (`IMPORT_PERMISSION`, the permission of writing those records one by one;
 * docs/product.md#staff-and-roles), so every page that places it needs no check of its own.
 */
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileUp } from "lucide-react";
import type { ImportKind } from "@worker/contracts/import";
import { IMPORT_PERMISSION } from "@worker/permissions";
import { Button } from "~/components/ui/button";
import { useOpenedOnce } from "~/lib/lazy";
import { useCan } from "~/lib/use-me";
import { LazyImportDialog, loadImportDialog } from "./lazy-import";

/** `onDone` runs when the dialog closes after a commit (the page reloads its list). */
export function ImportButton({ kind, onDone }: { kind: ImportKind; onDone: () => void }) {
  const { t } = useTranslation();
  const allowed = useCan(IMPORT_PERMISSION[kind]);
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  if (!allowed) return null;
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadImportDialog()}
        onFocus={() => void loadImportDialog()}
        data-testid={`import-${kind}`}
      >
        <FileUp aria-hidden="true" />
        {t("importing.button")}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <LazyImportDialog kind={kind} open={open} onOpenChange={setOpen} onDone={onDone} />
        </Suspense>
      )}
    </>
  );
}
