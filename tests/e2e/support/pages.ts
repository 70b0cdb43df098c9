import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";

/**
 * With JavaScript, waits until React has hydrated the page (app/root.tsx sets the flag):
 * a click before that is a plain form post or link, and proves nothing about the SPA path.
 * Without JavaScript, waits until the whole document has arrived.
 */
export async function waitForHydration(page: Page, js: boolean) {
  if (js) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // Without JavaScript a page is read while it streams in: its header can be there before the
  // rest, and a count taken then is short (a CI run counted 0 ticked boxes that way).
  else await page.waitForLoadState("domcontentloaded");
}

/**
 * A URL-state dialog, on screen and (with JavaScript) hydrated: a modal's own chunk hydrates
 * after the page, and what is typed before that is lost.
 */
export async function dialogReady(dialog: Locator, js: boolean): Promise<Locator> {
  await expect(dialog).toBeVisible();
  if (js) await expect(dialog).toHaveAttribute("data-interactive", "true");
  return dialog;
}

/** Types each value into the field with exactly that label, in order. */
export async function fillFields(scope: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await scope.getByLabel(label, { exact: true }).fill(value);
}

/**
 * Another shopper, in a browser of their own that the store has never seen (no cookies), with
 * this project's JavaScript setting; `visit` opens a path and waits for hydration as the fixture does.
 */
export async function newVisitor(browser: Browser, js: boolean) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: js });
  const page = await context.newPage();
  const visit = async (path: string) => {
    await page.goto(path);
    await waitForHydration(page, js);
  };
  return { context, page, visit };
}
