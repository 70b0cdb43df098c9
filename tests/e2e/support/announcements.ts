import { expect, type Page } from "@playwright/test";

export type ToastType = "success" | "error" | "info" | "warning";

/**
 * The storefront's last toast as its live region keeps it (app/ui/toaster.tsx `Announcement`).
 * The visible toast closes itself after 3 s with JavaScript (spec §9), so a test that looked
 * for it would race that timer on a busy machine; the live region keeps the message, with or
 * without JavaScript. `message` is the toast's title, matched exactly.
 */
export function announcement(page: Page, message: string) {
  return page.getByTestId("announcement").filter({ has: page.getByText(message, { exact: true }) });
}

/**
 * Asserts that the last toast said `message` (and `description`, and was of `type`). It reads
 * what stays: assert first the state the toast reports (the cart, the URL...), so the
 * announcement checked is the one that action made.
 */
export async function expectAnnounced(
  page: Page,
  message: string,
  { type, description }: { type?: ToastType; description?: string } = {},
) {
  const entry = announcement(page, message);
  await expect(entry, `a toast saying "${message}"`).toBeAttached();
  if (type) await expect(entry).toHaveAttribute("data-type", type);
  if (description) await expect(entry).toContainText(description);
}
