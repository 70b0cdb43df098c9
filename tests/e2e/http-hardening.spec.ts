import fs from "node:fs";
import net from "node:net";
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO } from "#db/seed/index.ts";
import { e2eEnv } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { withStoreDatabase } from "./support/server-side.ts";

// What a security review checks at the door: headers on every response, the body limit, and
// the CSRF check on every form the storefront has. These speak HTTP, not to a browser's page
// scripts, so each runs in one project; the pages themselves run in all four elsewhere.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-no-js", "HTTP-level checks: one project is enough");
});

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "same-origin",
};

function expectHardened(headers: Record<string, string>) {
  expect(headers).toMatchObject(SECURITY_HEADERS);
  const csp = headers["content-security-policy"] ?? "";
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'self'"]) {
    expect(csp).toContain(directive);
  }
  expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
  // Served over plain HTTP here: no HSTS, which would lock the browser out of http://127.0.0.1.
  expect(headers["strict-transport-security"]).toBeUndefined();
}

test("every response carries the security headers; a page's scripts carry its own nonce; personal replies are not stored", async ({
  request,
  logIn,
  page,
}) => {
  const home = await request.get("/");
  expectHardened(home.headers());
  const nonce = /'nonce-([^']+)'/.exec(home.headers()["content-security-policy"]!)![1];
  const html = await home.text();
  const scriptNonces = [...html.matchAll(/<script\b[^>]*\bnonce="([^"]*)"/g)].map((match) => match[1]);
  const scripts = html.match(/<script\b/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  expect(scriptNonces).toHaveLength(scripts.length);
  expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
  // A fresh nonce per response.
  const again = await request.get("/");
  expect(again.headers()["content-security-policy"]).not.toContain(nonce);

  const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
  const assetReply = await request.get(asset);
  expect(assetReply.status()).toBe(200);
  expectHardened(assetReply.headers());

  const api = await request.get("/api/payment-methods/list-payment-methods");
  expectHardened(api.headers());

  // A product image (the store API's own reply, with headers of its own): nosniff once, not twice.
  const imageId = crypto.randomUUID();
  // A 1×1 transparent PNG, as an upload from the catalogue would have stored it.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
    "base64",
  );
  await withStoreDatabase((db) =>
    db
      .insertInto("product_images")
      .values({
        id: imageId,
        content_type: "image/png",
        data: png,
        byte_size: png.length,
        created_at: new Date().toISOString(),
      })
      .execute(),
  );
  const image = await request.get(`/api/product-images/${imageId}.png`);
  expect(image.status()).toBe(200);
  expectHardened(image.headers());
  const nosniff = image.headersArray().filter((header) => header.name.toLowerCase() === "x-content-type-options");
  expect(nosniff).toEqual([{ name: expect.any(String), value: "nosniff" }]);

  await logIn();
  const account = await page.request.get("/conta");
  expect(account.status()).toBe(200);
  expectHardened(account.headers());
  expect(account.headers()["cache-control"]).toBe("no-store");
  expect(home.headers()["cache-control"]).toBe("no-store");
});

/** The storefront's routes that take a POST, from the route table (app/routes.ts) and their modules. */
function routesWithAnAction(): string[] {
  const table = fs.readFileSync("app/routes.ts", "utf8");
  const routes = [...table.matchAll(/(?:route\("([^"]*)",|index\()\s*"([^"]+)"/g)].map(([, path, file]) => ({
    path: `/${(path ?? "").replace(/:[A-Za-z]+/g, "x").replace(/\*$/, "x")}`,
    file: `app/${file}`,
  }));
  expect(routes.length).toBeGreaterThan(15);
  return routes
    .filter(({ path }) => !path.startsWith("/api/"))
    .filter(({ file }) => /export (async )?(function|const) action\b/.test(fs.readFileSync(file, "utf8")))
    .map(({ path }) => (path === "/" ? "/?index" : path));
}

test("every form action refuses a POST without its token, or with a JSON body, with 403 and no stack trace", async ({
  page,
  logIn,
}) => {
  await logIn();
  const actions = routesWithAnAction();
  expect(actions).toEqual(expect.arrayContaining(["/entrar", "/carrinho", "/compra", "/conta", "/sair"]));
  for (const path of actions) {
    const forgeries: NonNullable<Parameters<APIRequestContext["post"]>[1]>[] = [
      { form: { intent: "add", email: DEMO.customer.email } },
      { form: { intent: "add", csrf: "forjado" } },
      { data: { intent: "add", csrf: "forjado" } },
      { headers: { "content-type": "text/plain" }, data: "intent=add" },
      { headers: { "content-type": "multipart/form-data; boundary=x" }, data: "--x\r\nquebrado" },
    ];
    for (const post of forgeries) {
      const reply = await page.request.post(path, { ...post, maxRedirects: 0 });
      expect(reply.status(), `${path} ${JSON.stringify(post)}`).toBe(403);
      expect(await reply.text()).not.toMatch(/\n\s+at /);
    }
  }
  // Still logged in: none of the forged posts reached an action (logout included).
  expect((await page.request.get("/conta", { maxRedirects: 0 })).status()).toBe(200);
});

/** The login form's token and cookie, as a visitor's browser has them. */
async function loginFormToken(page: Page): Promise<string> {
  await page.goto("/entrar");
  return page.locator('form input[name="csrf"]').first().inputValue();
}

test("a body over 100 KB is refused with 413 before anything reads it", async ({ page }) => {
  const csrf = await loginFormToken(page);
  const login = { csrf, email: DEMO.customer.email, password: DEMO.customer.password, redirectTo: "/conta" };
  const tooBig = await page.request.post("/entrar", {
    form: { ...login, padding: "a".repeat(1024 * 1024) },
    maxRedirects: 0,
  });
  expect(tooBig.status()).toBe(413);
  expect(await tooBig.text()).toBe("O envio é grande demais (máximo de 100 KB). Revise os dados e tente novamente.");
  // The login inside it was never read: no session.
  expect((await page.request.get("/conta", { maxRedirects: 0 })).status()).toBe(302);

  const apiTooBig = await page.request.post("/api/newsletters/create-newsletter", {
    data: { email: "a@b.com", storeId: 1, padding: "a".repeat(1024 * 1024) },
  });
  expect(apiTooBig.status()).toBe(413);
  expect(await apiTooBig.json()).toEqual({
    error: { message: "O envio é grande demais (máximo de 100 KB). Revise os dados e tente novamente." },
  });

  // The same login, small, works: the limit is not in the way of honest forms.
  const fits = await page.request.post("/entrar", { form: login, maxRedirects: 0 });
  expect(fits.status()).toBe(302);
});

/** Sends the start of a request by hand and returns the status line the server answers with. */
function statusLineFor(head: string, bodyStart: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(e2eEnv.port, e2eEnv.host, () => socket.write(head + bodyStart));
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      if (received.includes("\r\n")) {
        socket.destroy();
        resolve(received.split("\r\n", 1)[0]!);
      }
    });
    socket.on("error", reject);
  });
}

test("a 100 MB body, or one without a length, is refused at once: the server answers before it is sent", async () => {
  // Only the first kilobyte of the 100 MB is ever sent: the answer cannot have waited for the rest.
  const hundredMegabytes = await statusLineFor(
    "POST /api/customers/create-customer HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
      `Content-Length: ${100 * 1024 * 1024}\r\n\r\n`,
    `{"name":"${"a".repeat(1000)}`,
  );
  expect(hundredMegabytes).toBe("HTTP/1.1 413 Payload Too Large");
  const chunked = await statusLineFor(
    "POST /entrar HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
      "Transfer-Encoding: chunked\r\n\r\n",
    "400\r\n" + "a".repeat(1024),
  );
  expect(chunked).toBe("HTTP/1.1 411 Length Required");
});

test("a bad URL escape is a 400 in Portuguese, not a 500", async ({ request }) => {
  const reply = await request.get("/%E0%A4%A");
  expect(reply.status()).toBe(400);
  expect(await reply.text()).toBe("Requisição inválida.");
});

test("the expiry page logs nobody out whose session is still good (another site may load it)", async ({
  page,
  logIn,
}) => {
  await logIn();
  await page.request.get("/sessao-expirada");
  expect((await page.request.get("/conta", { maxRedirects: 0 })).status()).toBe(200);
});

test("a return path that leaves the site after normalisation goes home instead", async ({ page }) => {
  const csrf = await loginFormToken(page);
  for (const redirectTo of ["/.//evil.com", "//evil.com", "/\\evil.com", `/${"a".repeat(100_000)}`]) {
    const reply = await page.request.post("/newsletter", {
      form: { csrf, email: "", redirectTo },
      maxRedirects: 0,
    });
    expect(reply.status(), redirectTo).toBe(302);
    expect(reply.headers().location, redirectTo).toMatch(/^\/(\?|#|$)/);
  }
});

test("the store API takes JSON only: a cross-site text/plain form cannot sign anyone up", async ({ request }) => {
  const email = `texto.${Date.now()}@exemplo.com.br`;
  const reply = await request.post("/api/newsletters/create-newsletter", {
    headers: { "content-type": "text/plain" },
    data: JSON.stringify({ email, storeId: 1 }),
  });
  expect(reply.status()).toBe(415);
  expect(await reply.json()).toEqual({
    error: { message: "Envie o corpo da requisição como JSON (Content-Type: application/json)." },
  });
  // Nothing was written: the same address, sent as JSON, is new.
  const json = await request.post("/api/newsletters/create-newsletter", { data: { email, storeId: 1 } });
  expect(json.status()).toBeLessThan(300);
});

test("too many tries at a reset link is a 429 page in Portuguese, never a 500", async ({ request }) => {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 32; attempt += 1) {
    const reply = await request.get(`/resetar-senha/link-que-nao-existe-${attempt}`);
    statuses.push(reply.status());
    if (reply.status() === 429) {
      expect(await reply.text()).toContain("Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.");
      break;
    }
  }
  expect(statuses.at(-1)).toBe(429);
  expect(statuses.filter((status) => status !== 404 && status !== 429)).toEqual([]);
});
