import type { Locator } from "playwright-core";

/**
 * Picks `option` in the Radix select whose trigger is `trigger`, with the keyboard: Enter opens the list, Enter on
 * the option picks it. No pointer, because the list can still move after the option was scrolled into view: on a
 * loaded machine an event log showed the press on one option and the release, 27 ms later, on the next; Radix picks
 * on a release over the option pressed, so nothing was chosen and the list stayed open (1 run in 3 with one busy
 * core). The list must be gone again before the test goes on.
 */
export async function chooseOption(trigger: Locator, option: string, { exact = true } = {}): Promise<void> {
  const page = trigger.page();
  await trigger.press("Enter");
  const listbox = page.getByRole("listbox");
  await listbox.getByRole("option", { name: option, exact }).press("Enter");
  await listbox.waitFor({ state: "detached" });
}
