import { expect, type Page, type Response } from "@playwright/test";

/**
 * Spec §8's messages before going home (app/features/leaving): the message alone on its page,
 * then the home page after its seconds. No test times the wait. With JavaScript the test holds
 * the page's clock (holdClock, before the page loads), reads the page, then lets the seconds pass;
 * without it, the page the server wrote names the home page in its refresh, and the browser
 * follows it by itself.
 */
export async function holdClock(page: Page, js: boolean) {
  if (js) await page.clock.install();
}

/** Before the click that leads there: the document the server writes for `path` (no JavaScript). */
export function noticeDocument(page: Page, path: string): Promise<Response> {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === path && response.request().resourceType() === "document",
  );
}

/** Stops the held clock just before the click, so the page's timer waits for the test. */
export async function pauseClock(page: Page, js: boolean) {
  if (js) await page.clock.pauseAt(Date.now() + 1_000);
}

export async function expectNoticeThenHome(
  page: Page,
  js: boolean,
  { message, seconds, document }: { message: string; seconds: number; document: Promise<Response> | null },
) {
  if (js) {
    await expect(page.getByTestId("leaving-notice").getByRole("alert")).toHaveText(message);
    // One message: no toast and no removal notice beside it.
    await expect(page.getByTestId("announcement")).toHaveCount(0);
    await expect(page.locator("[data-toast-type]")).toHaveCount(0);
    await page.clock.runFor(seconds * 1_000);
  } else {
    // Read from the document itself: the browser leaves the page when its refresh fires.
    const html = await (await document!).text();
    expect(html).toContain(message);
    expect(html).toMatch(new RegExp(`<meta http-equiv="refresh" content="${Math.ceil(seconds)};url=/"/>`));
    expect(html).not.toContain("data-toast-type");
    expect(html).not.toContain('data-testid="announcement"');
  }
  await expect(page).toHaveURL(/\/$/);
}
