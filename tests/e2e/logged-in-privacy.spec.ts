/**
 * Issue 32 (docs/decisions/0084): a logged-in parent's home, category and product page come
 * from a page shared by every parent and filled per response (server/page-cache). Whatever is
 * shared, each parent sees only their own name, cart and form token, and a visitor none; with
 * JavaScript, the filled page hydrates without a mismatch.
 */
import { accountMenu, apiCustomer, createCustomer, expectLoggedIn } from "./support/accounts.ts";
import { cartCount } from "./support/cart.ts";
import { findProduct, productPath } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { newVisitor, waitForHydration } from "./support/pages.ts";
import { csrfTokenOf, sessionCookie } from "./support/session.ts";
import { ownStudentId, saveCart } from "./support/store-api.ts";

test("two customers and a visitor on the home, a category and a product page each see only their own", async ({
  page,
  request,
  logIn,
  browser,
  js,
}) => {
  // Eighteen page loads and three shoppers: more than the default test time on a busy machine.
  test.slow();
  const product = await findProduct(request, (p) => p.TIPO === "P");
  const paths = ["/", `/categoria/${product.category.slug}`, productPath(product)];
  const ana = await logIn(await createCustomer(request, { name: "Quitéria Lobato Vaz" }));
  const { auth, ...bruno } = await apiCustomer(
    request,
    await createCustomer(request, { name: "Bartolomeu Sardinha Reis" }),
  );
  const second = await newVisitor(browser, js);
  await second.context.addCookies([await sessionCookie(auth)]);
  const visitor = await newVisitor(browser, js);
  for (const [customer, quantity] of [
    [ana, 2],
    [bruno, 3],
  ] as const)
    await saveCart(request, customer, [
      { studentId: await ownStudentId(request, customer), cartItems: [{ itemTOTVSId: product.itemTOTVS, quantity }] },
    ]);
  // With JavaScript, a page whose server HTML differs from what the browser renders is a bug.
  // The built server runs production React, which reports a mismatch only by its error code
  // (418 text, 419/423/425 the recoveries); attribute mismatches it does not report at all: those
  // are app/layout/header-slots.test.ts's to catch.
  const hydrationErrors: string[] = [];
  const HYDRATION = /hydrat|react\.dev\/errors\/(?:418|419|423|425)|Minified React error #(?:418|419|423|425)/i;
  for (const shopper of [page, second.page, visitor.page]) {
    shopper.on("console", (message) => {
      if (HYDRATION.test(message.text())) hydrationErrors.push(message.text());
    });
    shopper.on("pageerror", (error) => {
      if (HYDRATION.test(error.message)) hydrationErrors.push(error.message);
    });
  }
  const shoppers = [
    { who: ana, page, context: page.context(), count: "2", others: [bruno] },
    { who: bruno, page: second.page, context: second.context, count: "3", others: [ana] },
    { who: null, page: visitor.page, context: visitor.context, count: "0", others: [ana, bruno] },
  ];
  // Each URL in turn for each shopper, twice: a second visit may come from whatever was kept.
  const cacheStates = new Map<string, string[]>();
  for (const round of [1, 2])
    for (const path of paths)
      for (const shopper of shoppers) {
        const response = await shopper.page.goto(path);
        expect(response?.status(), `${path} (${round})`).toBe(200);
        // "hit" or "miss": the page cache answered, filling the shared page ("miss": it rendered
        // it first, as after another test's catalogue change or its 30 s); none: React Router did.
        const answered = response!.headers()["x-page-cache"] ? "page cache" : "rendered";
        if (round === 2) cacheStates.set(path, [...(cacheStates.get(path) ?? []), answered]);
        const html = await response!.text();
        await waitForHydration(shopper.page, js);
        await expect(cartCount(shopper.page)).toHaveText(shopper.count);
        if (shopper.who) await expectLoggedIn(shopper.page, shopper.who.name);
        else await expect(accountMenu(shopper.page)).toHaveCount(0);
        // Neither the HTML nor the data streamed with it names another parent; the shopper's
        // own data travels as one base64url string (decision 0084), so each is decoded here.
        for (const other of shopper.others) {
          expect(html, path).not.toContain(other.email);
          expect(html, path).not.toContain(other.name.split(" ")[0]!);
        }
        const personal = personalDataIn(html);
        // A visitor with nothing in a cart has none: their string is empty (NO_SHOPPER).
        if (shopper.who) expect(personal.length, `${path}: the shopper's data in the page`).toBeGreaterThan(0);
        for (const data of personal) {
          expect(data.customer?.email ?? null, path).toBe(shopper.who?.email ?? null);
          expect(String(data.cartCount), path).toBe(shopper.count);
        }
        const token = await csrfTokenOf(shopper.context);
        for (const field of await shopper.page.locator("input[name=csrf]").all())
          expect(await field.inputValue()).toBe(token);
      }
  expect(hydrationErrors).toEqual([]);
  // The second round came from the shared pages wherever the visitor's did (a product showing
  // live stock is rendered for everyone, decision 0066), and the home always does.
  expect(cacheStates.get("/")).toEqual(["page cache", "page cache", "page cache"]);
  for (const [path, [ana, bruno, visitor]] of cacheStates) expect([ana, bruno], path).toEqual([visitor, visitor]);
  await Promise.all([second.context.close(), visitor.context.close()]);
});

/**
 * Every shopper's-data string (app/lib/personal-data.ts: base64url of its JSON) in a page's
 * HTML: the runs of base64url characters long enough to hold one that decode to it.
 */
function personalDataIn(html: string): { customer: { email: string } | null; cartCount: number }[] {
  const found = [];
  for (const [candidate] of html.matchAll(/[A-Za-z0-9_-]{40,}/g)) {
    let data: unknown;
    try {
      data = JSON.parse(Buffer.from(candidate, "base64url").toString("utf8"));
    } catch {
      continue;
    }
    if (data && typeof data === "object" && "cartCount" in data && "customer" in data)
      found.push(data as { customer: { email: string } | null; cartCount: number });
  }
  return found;
}
