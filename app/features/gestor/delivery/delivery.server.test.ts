/**
 * Separação's and Prontos' pages and form (issue 30): the Painel's counts for the unit's staff
 * only and equal to the lists they link to, a move's toast (and a second one's), no bag chosen,
 * a class's own button, the print pages' redirect and another unit's secretary's empty sheets.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DELIVERY_MESSAGES } from "#api/contract/gestor/delivery.ts";
import {
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  locationOf,
  staffLoggedIn,
  thrownBy,
  toastOf,
  type LoggedInStaff,
} from "#tests/fixtures/gestor-requests.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { dashboardPage } from "../orders/dashboard.server.ts";
import { deliveryAction, pickingPage, separationPage } from "./delivery.server.ts";

const {
  store,
  admin,
  atendimento,
  secretaria: secretary,
} = gestorTestStoreForFile(["admin", "atendimento", "secretaria"]);
let otherSecretary: LoggedInStaff;
let bagId: string;
const SEPARATION = `${GESTOR_PATHS.separation}?turma=Z`;

beforeAll(async () => {
  otherSecretary = await staffLoggedIn(store.db, "secretaria", ["4"]);
  const customer = await store.db.selectFrom("customers").select("id").executeTakeFirstOrThrow();
  const saleId = await insertSale(store.db, {
    customer_id: customer.id,
    status: "paid",
    paid_at: new Date().toISOString(),
    bags: [
      {
        student_name: "Helena Página Teste",
        items: [
          { title: "Bermuda", quantity: 1, unit_price_cents: 4000, option_name: "Tamanho", option_value: "10" },
          { title: "Estojo", quantity: 1, unit_price_cents: 1500 },
        ],
      },
    ],
  });
  bagId = (await store.db.selectFrom("sale_bags").select("id").where("sale_id", "=", saleId).executeTakeFirstOrThrow())
    .id;
});

const post = (person: LoggedInStaff, fields: Record<string, string | readonly string[]>) =>
  deliveryAction(gestorPost(person.cookie, fields, SEPARATION).request, ["separate", "unseparate", "print", "labels"]);

describe("the Painel", () => {
  it("counts per unit for the unit's staff, as the list it links to; nothing for atendimento", async () => {
    const own = await dashboardPage(gestorGet(secretary.cookie, GESTOR_PATHS.home));
    expect(own.delivery?.units.map((unit) => unit.unitCode)).toEqual(["1"]);
    const list = await separationPage(gestorGet(secretary.cookie, `${GESTOR_PATHS.separation}?unitCode=1`));
    expect(own.delivery?.units[0]?.awaiting).toBe(list.list.total);
    expect((await dashboardPage(gestorGet(atendimento.cookie, GESTOR_PATHS.home))).delivery).toBeNull();
    const refused = await thrownBy(separationPage(gestorGet(atendimento.cookie, GESTOR_PATHS.separation)));
    expect((refused as Response).status).toBe(403);
  });
});

describe("Separação's form", () => {
  it("says to choose a bag when none is ticked, and moves nothing", async () => {
    const reply = await post(secretary, { intent: "separate" });
    expect(locationOf(reply as Response)).toBe(SEPARATION);
    expect((await toastOf(reply as Response))?.message).toBe(DELIVERY_MESSAGES.bagsRequired);
  });

  it("separates the ticked bags, and a second click says nothing moved", async () => {
    const first = (await post(secretary, { intent: "separate", bagIds: [bagId] })) as Response;
    expect(locationOf(first)).toBe(SEPARATION);
    expect(await toastOf(first)).toMatchObject({ type: "success", message: "2 itens marcados como separados." });
    const second = (await post(secretary, { intent: "separate", bagIds: [bagId] })) as Response;
    expect(await toastOf(second)).toMatchObject({ type: "error", message: DELIVERY_MESSAGES.nothingMoved });
    // A class's own button names its bags: here, undoing this one.
    const undone = (await post(admin, { intent: `unseparate:${bagId}` })) as Response;
    expect((await toastOf(undone))?.message).toBe("2 itens voltaram para Aguardando separação.");
  });

  it("opens the picking list of the bags chosen; another unit's secretary gets no sheet of them", async () => {
    const print = (await post(secretary, { intent: "print", bagIds: [bagId] })) as Response;
    expect(locationOf(print)).toBe(GESTOR_PATHS.separationPrint([bagId]));
    const own = await pickingPage(gestorGet(secretary.cookie, GESTOR_PATHS.separationPrint([bagId])));
    expect(own.bags.map((bag) => bag.studentName)).toEqual(["Helena Página Teste"]);
    const other = await pickingPage(gestorGet(otherSecretary.cookie, GESTOR_PATHS.separationPrint([bagId])));
    expect(other.bags).toEqual([]);
    const unknown = await thrownBy(post(secretary, { intent: "ship", bagIds: [bagId] }));
    expect((unknown as { init?: ResponseInit }).init?.status).toBe(400);
  });
});
