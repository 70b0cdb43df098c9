import { expect, type Page } from "@playwright/test";

/**
 * Keeps every answer the browser gets from the store (documents, fetcher data, redirects'
 * pages) so a test can prove a secret it typed never came back in any of them.
 */
export function recordAnswers(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    // A redirect has no body to read; what it leads to is recorded on its own.
    bodies.push(response.text().catch(() => ""));
  });
  return {
    /** Asserts that no answer so far, nor the page as it stands, contains `secret`. */
    async expectNever(secret: string) {
      const texts = await Promise.all(bodies);
      expect(texts.filter((text) => text.includes(secret))).toEqual([]);
      expect(await page.content()).not.toContain(secret);
    },
  };
}
