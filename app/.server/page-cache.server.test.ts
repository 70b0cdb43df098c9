/**
 * The page cache fills a shared logged-in page with the shopper's data string (issue 32,
 * docs/decisions/0084): it must be the very string the root loader sends for that shopper, or
 * the page would hydrate with other data than it shows. Against the bundled API: a parent with
 * a student and a cart, and one whose cart the gestor changed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "#app/root.tsx";
import { decodePersonalData } from "#app/lib/personal-data.ts";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import { demoBirthDate } from "#tests/fixtures/demo-students.ts";
import { signUpAndLogIn, storefrontGet, type LoggedInCustomer } from "#tests/fixtures/storefront-requests.ts";
import { pageCacheHooks } from "./page-cache.server.ts";
import { putShopper } from "./request-context.server.ts";
import { storeApiFor } from "./store-api/index.server.ts";

let dataDir: string;
let parent: LoggedInCustomer;

const api = (customer: LoggedInCustomer) => storeApiFor(storefrontGet(customer.cookie), customer.token);

/** The root loader's `personal` for this cookie on the home page, as React Router would call it. */
async function rootPersonal(cookie: string, pagePath = "/"): Promise<string> {
  const request = storefrontGet(cookie, pagePath);
  const context = new RouterContextProvider();
  await putShopper(request, context);
  const reply = (await rootLoader({ request, context, params: {}, unstable_pattern: "" } as never)) as unknown as {
    data: { personal: string };
  };
  return reply.data.personal;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-cache-logado-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
  parent = await signUpAndLogIn("Quitéria Dávila Lobato");
  const studentId = (
    await api(parent).addStudentByRA({
      customerId: parent.id,
      RA: "20250002",
      dtnascimento: demoBirthDate("20250002"),
      consentVersion: STUDENT_CONSENT_VERSION,
    })
  ).studentId;
  const { products } = await api(parent).listProductsByCategorySlug("papelaria");
  const product = products.find((item) => item.TIPO === "P" && !item.variants?.length);
  await api(parent).saveCart(parent.id, [{ studentId, cartItems: [{ itemTOTVSId: product!.itemTOTVS, quantity: 3 }] }]);
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("the shopper a shared logged-in page is filled for", () => {
  it("carries the root loader's own data string: name, e-mail, cart count and total", async () => {
    const shopper = await pageCacheHooks.loggedInShopper(parent.cookie, "127.0.0.1");
    if ("render" in shopper) throw new Error("a live session with a clean cart is filled from the shared page");
    expect(shopper.personal).toBe(await rootPersonal(parent.cookie));
    const data = decodePersonalData(shopper.personal);
    expect(data.customer?.name).toBe("Quitéria Dávila Lobato");
    expect(data.cartCount).toBe(3);
    expect(data.cart).toBeNull();
    expect(pageCacheHooks.shapeOf(data)).toBe("n-");
  });

  it("is nobody for a cookie without a session, or with a forged one: React Router answers", async () => {
    expect(await pageCacheHooks.loggedInShopper("", "127.0.0.1")).toEqual({ render: true });
    const forged = parent.cookie.replace(/=([^;]{10})/, "=AAAAAAAAAA");
    expect(await pageCacheHooks.loggedInShopper(forged, "127.0.0.1")).toEqual({ render: true });
  });

  it("reads a page's own parameters as shared, and anything of the parent's as theirs", () => {
    const shared = (query: string) => pageCacheHooks.sharedWithEveryShopper(new URLSearchParams(query));
    expect(shared("")).toBe(true);
    expect(shared("pagina=2&itens=6")).toBe(true);
    expect(shared("q=caderno")).toBe(true);
    expect(shared("opcao=M")).toBe(true);
    expect(shared("busca=aberta")).toBe(true);
    for (const own of ["carrinho=aberto", "conta=entrar", "vinculo=escolha", "aluno=1", "estudante=2", "remover=3"])
      expect(shared(own), own).toBe(false);
  });
});
