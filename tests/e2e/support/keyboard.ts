import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Presses Tab, as a keyboard user would, until `target` has the focus. Fails after `max`
 * presses: the target is out of the tab order, or a dialog keeps the focus away from it.
 */
export async function tabTo(page: Page, target: Locator, { max = 150 }: { max?: number } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${max} Tabs sem chegar a ${target.toString()}`);
}
