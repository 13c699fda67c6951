import type { Locator } from "playwright-core";

/**
 * Picks `option` in the Radix select whose trigger is `trigger`, as a keyboard user opens it and a mouse user picks.
 * Opened by a click, Radix ignores the first pointer release over the list when the pointer has not moved 10 px from
 * where the click went down (so the press that opens it cannot also pick the item drawn under it). When the list
 * mounts only after that click's own release (a loaded machine), the guard waits for the next release instead: the
 * option's. With one busy core that left the list open and nothing chosen in 1 of 3 runs. Opened by Enter, there is
 * no guard; the list must be gone again before the test goes on.
 */
export async function chooseOption(trigger: Locator, option: string, { exact = true } = {}): Promise<void> {
  const page = trigger.page();
  await trigger.focus();
  await trigger.press("Enter");
  await page.getByRole("option", { name: option, exact }).click();
  await page.getByRole("listbox").waitFor({ state: "detached" });
}
