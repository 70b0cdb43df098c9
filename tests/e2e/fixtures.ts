import { test as base, expect, type Page } from "@playwright/test";

export { expect };

export interface StoreFixtures {
  /** True in the projects that run with JavaScript. */
  js: boolean;
  /** True in the mobile projects (< 710 px: mobile header and bottom bar). */
  mobile: boolean;
  /** Opens a path and, with JavaScript, waits until React has hydrated it. */
  visit: (path: string) => Promise<void>;
}

export async function waitForHydration(page: Page, js: boolean) {
  if (js) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

const octet = () => Math.floor(Math.random() * 254) + 1;

export const test = base.extend<StoreFixtures>({
  // Each test is its own shopper for the store's rate limits (the e2e server trusts this header).
  extraHTTPHeaders: async ({}, use) => use({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` }),
  js: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  mobile: async ({ isMobile }, use) => use(Boolean(isMobile)),
  visit: async ({ page, javaScriptEnabled }, use) => {
    await use(async (path) => {
      await page.goto(path);
      await waitForHydration(page, javaScriptEnabled !== false);
    });
  },
});

/** A unique e-mail per test run, project and call. */
export function uniqueEmail(prefix: string, project: string) {
  return `${prefix}.${project}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemplo.com.br`;
}
