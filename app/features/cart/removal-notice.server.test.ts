/**
 * The gestor's removals reach a page (spec §8, docs/decisions/0007): against a double of a
 * store API that, as spec §7 allows, reports a removal in one cart reply only, and of one that
 * lists it until acknowledged, as the bundled API does.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RemovedCartItem } from "#api/contract/carts.ts";
import { putShopper, type RequestArgs } from "#app/.server/request-context.server.ts";
import { commitCustomerSession } from "#app/.server/session.server.ts";
import { startStoreApiDouble, type DoubleRequest } from "#tests/fixtures/store-api-double.ts";
import { loadCart } from "./cart.server.ts";
import { ITEMS_REMOVED_WARNING, removalNotice, removalNoticeMiddleware } from "./removal-notice.server.ts";

const emptyCart = {
  id: "carrinho-1",
  cartId: "carrinho-1",
  affiliateId: null,
  version: 4,
  coupon: null,
  subtotal: 0,
  discount: 0,
  total: 0,
  bags: [],
};

/** What the double reports next; `once`: the first cart reply only (spec §7's API may do so). */
let pending: RemovedCartItem[] = [];
let once = true;
let acknowledged: DoubleRequest[] = [];
let double: Awaited<ReturnType<typeof startStoreApiDouble>>;

beforeAll(async () => {
  // The acknowledgement is a call beyond §7 (docs/decisions/0026): this API says it has it; the
  // `once` API below answers it 404 like one that has not.
  process.env.STORE_API_EXTENSIONS = "acknowledgeRemovedItems";
  double = await startStoreApiDouble((request) => {
    if (request.path === "/carts/acknowledge-removed-items") {
      if (once) return { status: 404, body: { error: { message: "Not Found" } } };
      acknowledged.push(request);
      const ids: string[] = request.body.removalIds;
      pending = pending.filter((item) => !ids.includes(item.id!));
      return { status: 200, body: { acknowledged: ids.length } };
    }
    const itemsRemoved = pending;
    if (once) pending = [];
    return { status: 200, body: { cart: emptyCart, itemsRemoved } };
  });
});
afterAll(() => double.close());
beforeEach(() => {
  pending = [];
  acknowledged = [];
});

const CADERNO = { itemTOTVSId: 11, title: "Caderno Universitário" };
const MOCHILA = { itemTOTVSId: 12, title: "Mochila Escolar" };

/** A browser: its cookies, updated from each response's Set-Cookie. */
function browser(sessionCookie: string) {
  const jar = new Map<string, string>([sessionCookie.split("=", 2) as [string, string]]);
  return {
    cookie: () => [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
    keep(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(";");
        const [name, value] = pair!.split("=", 2) as [string, string];
        if (attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === "") jar.delete(name);
        else jar.set(name, value);
      }
    },
    has: (name: string) => jar.has(name),
  };
}

/**
 * One request through the root middleware: `handle` plays the loaders and actions that ran.
 * Answers the response and the notice the root loader showed, if it ran.
 */
async function request(
  client: ReturnType<typeof browser>,
  path: string,
  handle: (args: RequestArgs) => Promise<Response>,
  method = "GET",
) {
  const req = new Request(`http://loja.test${path}`, { method, headers: { cookie: client.cookie() } });
  const context = new RouterContextProvider();
  await putShopper(req, context);
  const response = await removalNoticeMiddleware(
    { request: req, context, params: {}, unstable_pattern: "" } as never,
    () => handle({ request: req, context }),
  );
  client.keep(response as Response);
  return response as Response;
}

/** The root loader's part: its cart read, then the notice it puts on the page. */
async function rootLoader(args: RequestArgs) {
  await loadCart(args);
  return removalNotice(args.context);
}

const page = () => new Response("<html>", { status: 200 });

/** A page load that renders: answers the notice the root loader put on it. */
async function showPage(client: ReturnType<typeof browser>, path: string) {
  let shown: ReturnType<typeof removalNotice> = null;
  await request(client, path, async (args) => {
    shown = await rootLoader(args);
    return page();
  });
  return shown;
}
const redirectTo = (location: string) => new Response(null, { status: 302, headers: { location } });

describe("the gestor's removal notice (spec §8)", () => {
  it("a cart read on a request that showed no page (a payment, a change) is kept and shown on the next page, once", async () => {
    once = true;
    pending = [CADERNO];
    const client = browser(double.cookie);
    // "Finalizar compra": the action reads the cart, then redirects.
    await request(
      client,
      "/compra",
      async (args) => {
        await loadCart(args);
        return redirectTo("/compra");
      },
      "POST",
    );
    expect(pending).toEqual([]);
    expect(client.has("loja_removidos")).toBe(true);

    expect(await showPage(client, "/compra")).toEqual({
      type: "warning",
      message: ITEMS_REMOVED_WARNING,
      description: "Item removido: Caderno Universitário.",
    });
    expect(client.has("loja_removidos")).toBe(false);

    expect(await showPage(client, "/")).toBeNull();
  });

  it("a page that turned into a redirect (/compra with an empty cart) did not show it: the next one does", async () => {
    once = true;
    pending = [CADERNO, MOCHILA];
    const client = browser(double.cookie);
    let shown: ReturnType<typeof removalNotice> = null;
    // The root loader ran beside /compra's, whose empty cart sends the customer home.
    await request(client, "/compra", async (args) => {
      shown = await rootLoader(args);
      return redirectTo("/");
    });
    expect(shown).not.toBeNull();
    expect(client.has("loja_removidos")).toBe(true);

    expect(await showPage(client, "/")).toMatchObject({
      description: "Itens removidos: Caderno Universitário, Mochila Escolar.",
    });
    expect(client.has("loja_removidos")).toBe(false);
  });

  it("an error page did not show it either; a form sent back with its errors (no JavaScript) did", async () => {
    once = true;
    pending = [CADERNO];
    const client = browser(double.cookie);
    await request(client, "/produto/x", async (args) => {
      await rootLoader(args);
      return new Response("Não encontrado", { status: 404 });
    });
    expect(client.has("loja_removidos")).toBe(true);
    await request(
      client,
      "/compra",
      async (args) => {
        await rootLoader(args);
        return new Response("<html>", { status: 400 });
      },
      "POST",
    );
    expect(client.has("loja_removidos")).toBe(false);
  });

  it("a HEAD request showed no page: the notice is neither acknowledged nor forgotten", async () => {
    once = false;
    pending = [{ id: "remocao-head", ...CADERNO }];
    const client = browser(double.cookie);
    await request(
      client,
      "/",
      async (args) => {
        await rootLoader(args);
        return page();
      },
      "HEAD",
    );
    expect(acknowledged).toEqual([]);
    expect(await showPage(client, "/")).toMatchObject({ description: "Item removido: Caderno Universitário." });
    expect(acknowledged.map((call) => call.body)).toEqual([
      { storeId: 1, customerId: "cliente-1", removalIds: ["remocao-head"] },
    ]);
  });

  it("with an API that lists removals until acknowledged: acknowledged once a page showed them", async () => {
    once = false;
    pending = [{ id: "remocao-1", ...CADERNO }];
    const client = browser(double.cookie);
    // Two reads in one request (root and /compra) that ended in a redirect: nothing acknowledged.
    await request(client, "/compra", async (args) => {
      await Promise.all([rootLoader(args), loadCart(args)]);
      return redirectTo("/");
    });
    expect(acknowledged).toEqual([]);

    expect(await showPage(client, "/")).toMatchObject({ description: "Item removido: Caderno Universitário." });
    expect(acknowledged.map((call) => call.body)).toEqual([
      { storeId: 1, customerId: "cliente-1", removalIds: ["remocao-1"] },
    ]);
    expect(pending).toEqual([]);
    expect(client.has("loja_removidos")).toBe(false);
  });

  it("is not shown to another account logged in on the same browser", async () => {
    once = true;
    pending = [CADERNO];
    const client = browser(double.cookie);
    await request(client, "/carrinho", async (args) => {
      await loadCart(args);
      return redirectTo("/");
    });
    const removals = /loja_removidos=[^;]*/.exec(client.cookie())![0];
    const otherSession = await commitCustomerSession(new Request("http://loja.test/"), {
      token: "outro-token-com-vinte-caracteres",
      customer: { id: "cliente-2", name: "Outra", email: "outra@exemplo.com.br", avatar: null },
    });
    const other = browser(/loja_session=[^;]*/.exec(otherSession)![0]);
    other.keep(new Response(null, { headers: { "set-cookie": removals } }));
    expect(await showPage(other, "/")).toBeNull();
    expect(other.has("loja_removidos")).toBe(false);
  });
});
