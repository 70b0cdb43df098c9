import { createCustomer, logInThroughModal } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";

// Only in the postgres-* projects (playwright.config.ts): two servers on one PostgreSQL database
// behind a round-robin proxy that names the server of each reply in X-E2E-Backend (0035).
test("a session made on one server is used on the other @purchase", async ({ page, context, request, visit, js }) => {
  const customer = await createCustomer(request);
  await visit("/faq");
  await logInThroughModal(page, customer, js);

  const servers = new Set<string>();
  for (let attempt = 0; attempt < 20 && servers.size < 2; attempt++) {
    // The browser's own cookies; /conta sends a visitor home, so a 200 means logged in.
    const reply = await context.request.get("/conta", { maxRedirects: 0 });
    expect(reply.status()).toBe(200);
    expect(await reply.text()).toContain(customer.email);
    servers.add(reply.headers()["x-e2e-backend"]!);
  }
  expect([...servers].sort()).toEqual(["1", "2"]);
});
