import { beforeAll, describe, expect, it } from "vitest";
import { DELIVERY_MESSAGES as M } from "#api/contract/gestor/delivery.ts";
import {
  actionReply,
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  locationOf,
  parentWithCart,
  thrownBy,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { checkInPage, counterSearchPage, exchangeDoneToast, handOverAction } from "./counter.server.ts";

// Entrega's loader and action (issue 30): a code found goes straight to its sale, anything else
// lists; a handover answers a toast, a refusal shows why with nothing changed.

const { store, secretaria: secretary, atendimento: attendant } = gestorTestStoreForFile(["secretaria", "atendimento"]);
const CODE = "QW5RT8";
let saleId: string;
let lineIds: string[];

beforeAll(async () => {
  const family = await parentWithCart(store.db, "Balcão Página Responsável", "20250001");
  saleId = await insertSale(store.db, {
    customer_id: family.customer.id,
    status: "paid",
    paid_at: new Date().toISOString(),
    bags: [
      {
        student_name: "Lucas Albuquerque Souza",
        student_ra: "20250001",
        items: [
          { title: "Régua do balcão", quantity: 1, unit_price_cents: 300 },
          { title: "Lápis do balcão", quantity: 1, unit_price_cents: 200 },
        ],
      },
    ],
  });
  await store.db.updateTable("sales").set({ pickup_code: CODE }).where("id", "=", saleId).execute();
  const lines = await store.db
    .selectFrom("sale_bag_items")
    .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
    .select("sale_bag_items.id")
    .where("sale_bags.sale_id", "=", saleId)
    .execute();
  lineIds = lines.map((line) => line.id);
  await store.db.updateTable("sale_bag_items").set({ delivery_state: "ready" }).where("id", "in", lineIds).execute();
});

const search = (q: string, cookie = secretary.cookie) =>
  counterSearchPage(gestorGet(cookie, `${GESTOR_PATHS.counter}?q=${encodeURIComponent(q)}`), GESTOR_PATHS.counterSale);
const handOver = (fields: Record<string, string | readonly string[]>) =>
  handOverAction(gestorPost(secretary.cookie, fields, GESTOR_PATHS.counterSale(saleId)).request, saleId).then(
    actionReply,
  );

describe("Entrega's pages", () => {
  it("goes straight to the sale of a code typed, lists a name's sales, and says what is missing", async () => {
    const found = await thrownBy(search("qw5-rt8"));
    expect(locationOf(found)).toBe(GESTOR_PATHS.counterSale(saleId));
    const listed = await search("Balcão Página");
    expect(listed.sales?.map((sale) => sale.saleId)).toEqual([saleId]);
    expect((await search("a")).error).toBe(M.searchRequired);
    expect((await thrownBy(search("Balcão", attendant.cookie)))?.status).toBe(403);
  });

  it("hands over with a toast; refuses nothing chosen and a second time, with nothing changed", async () => {
    const none = await handOver({ receiverId: "" });
    expect(none.status).toBe(400);
    expect(none.data).toEqual({ error: M.linesRequired, lineIds: [], receiverId: "" });
    // Nobody chosen: the person must choose, and the lines ticked come back ticked.
    const nobody = await handOver({ lineIds: [lineIds[0]!] });
    expect(nobody.status).toBe(400);
    expect(nobody.data).toEqual({ error: M.receiverRequired, lineIds: [lineIds[0]!], receiverId: null });
    const done = await handOver({ receiverId: "", lineIds: [lineIds[0]!] });
    expect(locationOf(done.response)).toBe(GESTOR_PATHS.counterSale(saleId));
    expect((await toastOf(done.response!))?.message).toBe("1 item entregue.");
    const again = await handOver({ receiverId: "", lineIds: [lineIds[0]!] });
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ error: M.nothingMoved, lineIds: [lineIds[0]!], receiverId: "" });
    const strangerId = crypto.randomUUID();
    const stranger = await handOver({ receiverId: strangerId, lineIds: [lineIds[1]!] });
    expect(stranger.status).toBe(422);
    expect(stranger.data).toEqual({ error: M.receiverNotAllowed, lineIds: [lineIds[1]!], receiverId: strangerId });
    const states = await store.db
      .selectFrom("sale_bag_items")
      .select(["id", "delivery_state"])
      .where("id", "in", lineIds)
      .execute();
    expect(Object.fromEntries(states.map((row) => [row.id, row.delivery_state]))).toEqual({
      [lineIds[0]!]: "picked_up",
      [lineIds[1]!]: "ready",
    });
  });
});

describe("Check-in's page", () => {
  it("answers not found for an address naming no course (?item=abc), never an error", async () => {
    const page = (query: string) => checkInPage(gestorGet(secretary.cookie, `${GESTOR_PATHS.checkIn}?${query}`));
    for (const query of ["unidade=1&item=abc", "unidade=x&item=abc", "unidade=1&item=-3"]) {
      const thrown = await thrownBy(page(query));
      expect(thrown?.status).toBe(404);
    }
    expect((await page("")).chosen).toBeNull();
  });
});

describe("Troca's toast", () => {
  it("names the option in lower case mid-sentence, whatever its gender", () => {
    expect(exchangeDoneToast({ title: "Camiseta polo", optionName: "Tamanho", optionValue: "G" })).toBe(
      "Troca feita: Camiseta polo, tamanho G.",
    );
    expect(exchangeDoneToast({ title: "Mochila", optionName: "Cor", optionValue: "Azul" })).toBe(
      "Troca feita: Mochila, cor Azul.",
    );
  });
});
