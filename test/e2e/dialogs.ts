import type { Locator, Page } from "playwright-core";

/**
 * Presses Escape on an open Radix dialog and waits for it to go. Radix adds its Escape listener one render after the
 * dialog shows (once it knows it is the top layer), so a key pressed the moment the title appears can miss it. Focus
 * inside the dialog proves the mount effects ran (the focus trap's run before the layer's); two animation frames let
 * the layer's follow-up render and effect run too.
 */
export async function escapeDialog(page: Page, dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await page.waitForFunction(() => !!document.activeElement?.closest("[role=dialog],[role=alertdialog]"));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
}
