/**
 * The storefront against a store API that has only spec §7's calls (docs/decisions/0026): the
 * bundled API behind tests/fixtures/spec7-only-api.ts, over HTTP, as STORE_API_URL. Every
 * call beyond §7 is probed absent at start, and each page falls back to what §7 offers.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type StoreDatabase } from "#db/client.ts";
import { startSpec7OnlyApi, type Spec7OnlyApi } from "#tests/fixtures/spec7-only-api.ts";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { signUpAndLogIn, storefrontGet, storefrontPost } from "#tests/fixtures/storefront-requests.ts";
import { getBundledApi } from "../bundled-api.server.ts";
import { callUnavailable, createStoreApiClient, StoreApiCallUnavailable } from "./client.server.ts";
import { ALL_EXTENSIONS, probeExtensions, storeApiExtensions } from "./extensions.server.ts";
import { httpTransport } from "./transport.server.ts";

let dataDir: string;
let db: StoreDatabase;
let filtered: Spec7OnlyApi;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-spec7-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
  filtered = await startSpec7OnlyApi(async (request) => (await getBundledApi()).fetch(request));
  // Before anything reads the configuration: the storefront speaks HTTP to the filter.
  process.env.STORE_API_URL = filtered.url;
  await getBundledApi();
  db = await openDatabase({ dataDir });
});

afterAll(async () => {
  await db.destroy();
  await filtered.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the probe of the calls beyond spec §7", () => {
  it("finds none behind the §7 filter, and logs once what it decided and that stock is the school's concern", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    expect([...(await storeApiExtensions())]).toEqual([]);
    await storeApiExtensions();
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0]!.join(" ")).toMatch(
      /sonda em http:\/\/127\.0\.0\.1:\d+\/api\): usadas: nenhuma; ausentes .*getCustomer/,
    );
    expect(log.mock.calls[1]!.join(" ")).toBe(
      '[estoque] a API da loja não informa estoque nem vagas (sem getProductBySlug): a loja vende como antes, sem "Esgotado" nem "Restam N vagas"; estoque e vagas ficam a cargo da escola.',
    );
    log.mockRestore();
  });

  it("finds every one on the bundled API itself, even those that answer an unknown id with 404", async () => {
    const api = await getBundledApi();
    const unfiltered = async (pathAsked: string, init: RequestInit) => api.request(pathAsked, init);
    const found = await probeExtensions(unfiltered, 1);
    // The acquirer's webhook is routed only with PAYMENT_GATEWAY=mercadopago, Meta's with WhatsApp on;
    // the storefront never calls them.
    expect([...ALL_EXTENSIONS].filter((name) => !found.has(name))).toEqual([
      "mercadoPagoWebhook",
      "verifyWhatsappWebhook",
      "whatsappWebhook",
    ]);
  });
});

describe("the client", () => {
  it("never sends a call the store API lacks, and says so as a 404 the fallbacks catch", async () => {
    const transport = vi.fn(httpTransport(filtered.url));
    const client = createStoreApiClient({ transport, storeId: 1, extensions: new Set() });
    const failure = await client.getCustomer("c").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StoreApiCallUnavailable);
    expect(callUnavailable(failure)).toBe(true);
    expect(transport).not.toHaveBeenCalled();
    expect(client.supports("getCustomer")).toBe(false);
  });

  it("takes a 404 at run time from a call it thought present as unavailable too", async () => {
    const client = createStoreApiClient({ transport: httpTransport(filtered.url), storeId: 1, token: "t" });
    expect(callUnavailable(await client.getCustomer("c").catch((error: unknown) => error))).toBe(true);
  });
});

describe("the storefront's fallbacks to spec §7", () => {
  it("units: without listUnits every code shows spec §9's fallback unit, said once in the log", async () => {
    // First of this file to ask for units: the notice is logged here.
    const { storeUnits, unitNamesOf, pickupOf } = await import("../school-units.server.ts");
    const { unitNameIn } = await import("#app/lib/school-units.ts");
    const { contactPageData } = await import("#app/features/support/contact.server.ts");
    const { DEFAULT_SCHOOL_UNIT } = await import("#core/school-units.ts");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const args = await requestArgs(storefrontGet(null, "/atendimento"));
    const { storeApi } = await import("../request-context.server.ts");
    const units = await storeUnits(storeApi(args.context));
    expect(units).toEqual([]);
    const names = unitNamesOf(units);
    expect(unitNameIn(names, "3")).toBe(DEFAULT_SCHOOL_UNIT.name);
    expect(pickupOf(units, { TIPO: "P", CODCOLIGADA: "3" })).toBe(
      `Retirada: ${DEFAULT_SCHOOL_UNIT.name}, ${DEFAULT_SCHOOL_UNIT.address}, ${DEFAULT_SCHOOL_UNIT.city}`,
    );
    const page = await contactPageData(args);
    expect("units" in page && page.units).toEqual([{ ...DEFAULT_SCHOOL_UNIT, pickupHours: null }]);
    await storeUnits(storeApi(args.context));
    expect(log.mock.calls.filter((call) => String(call[0]).includes("listUnits"))).toHaveLength(1);
    log.mockRestore();
  });

  it("/conta: the profile is the login's customer kept in the session, the history comes from §7", async () => {
    const { loadAccountPage } = await import("#app/features/accounts/account-page.server.ts");
    const maria = await signUpAndLogIn();
    await insertSale(db, {
      customer_id: maria.id,
      reference_code: "LE-7001",
      status: "pending",
      bags: [
        {
          student_name: "Lucas",
          student_ra: "20250001",
          items: [{ title: "Agenda", quantity: 1, unit_price_cents: 3500 }],
        },
      ],
    });
    const page = await loadAccountPage(await requestArgs(storefrontGet(maria.cookie, "/conta")));
    expect(page.profile.values).toMatchObject({ name: "Fernanda Cavalcanti Lima", houseNumber: "325", state: "PE" });
    expect(page.sales?.map((sale) => sale.referenceCode)).toEqual(["LE-7001"]);
    // No self-service copy or deletion without their calls: the e-mail instead.
    expect(page.privacy.selfService).toBe(false);
    expect(page.pixRenewal).toBe(false);
  });

  it("/conclusao: the buyer from the session, the sale and its linha digitável from §7's sale list", async () => {
    const { loader } = await import("#app/routes/purchase-complete.tsx");
    const ana = await signUpAndLogIn("Ana Beatriz Cavalcanti");
    const line = "99990000000000000000000000000000000000000000000";
    const saleId = await insertSale(db, {
      customer_id: ana.id,
      status: "pending",
      boleto_digitable_line: line,
      boleto_barcode: "9999".padEnd(44, "0"),
      boleto_due_date: "2026-02-01",
      bags: [
        { student_name: "Lia", student_ra: null, items: [{ title: "Caderno", quantity: 1, unit_price_cents: 2000 }] },
      ],
    });
    const args = await requestArgs(storefrontGet(ana.cookie, `/conclusao?venda=${saleId}`));
    const page = await loader({ ...args, params: {} } as never);
    expect(page.purchase).toMatchObject({
      customer: { name: "Ana Beatriz Cavalcanti" },
      sale: { id: saleId, boletoDigitableLine: line },
      // The printable boleto's call is beyond §7: no barcode drawn, the line is there.
      boletoBarcode: null,
    });
  });

  it("a visitor's Comprar leads to login: no visitor cart is asked for or made", async () => {
    const { cartAction } = await import("#app/features/cart/cart-actions.server.ts");
    const { loadCart } = await import("#app/features/cart/cart.server.ts");
    const fields = { intent: "add", itemTOTVSId: "1001", redirectTo: "/produto/papelaria/agenda" };
    const { request, formData } = storefrontPost("", fields, "/carrinho");
    const response = await cartAction(await requestArgs(request), formData);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/conta=entrar/);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await loadCart(await requestArgs(storefrontGet(null)))).toBeNull();
  });

  it("/conta/meus-dados sends the customer back with the e-mail to write to", async () => {
    const { downloadAccountData } = await import("#app/features/privacy/account-privacy.server.ts");
    const bruno = await signUpAndLogIn("Bruno Henrique Farias");
    const response = await downloadAccountData(await requestArgs(storefrontGet(bruno.cookie, "/conta/meus-dados")));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/conta");
  });
});
