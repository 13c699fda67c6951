/**
 * The Import button of a list page (docs/product.md#bulk-import): opens the Import dialog, whose code (and the
 * spreadsheet library behind it) loads on pointer-over, focus or the first click, never with the page.
 */
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileUp } from "lucide-react";
import type { ImportKind } from "@worker/contracts/import";
import { Button } from "~/components/ui/button";
import { useOpenedOnce } from "~/lib/lazy";
import { LazyImportDialog, loadImportDialog } from "./lazy-import";

/** `onDone` runs when the dialog closes after a commit (the page reloads its list). */
export function ImportButton({ kind, onDone }: { kind: ImportKind; onDone: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
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
