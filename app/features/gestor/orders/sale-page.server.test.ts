import { beforeAll, describe, expect, it } from "vitest";
import { REFUND_REASON_MESSAGE } from "#api/contract/gestor/refund-reason.ts";
import type { SaleStatus } from "#db/schema.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { signUpAndLogIn } from "#tests/fixtures/storefront-requests.ts";
import {
  actionReply,
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  locationOf,
  loginFor,
  thrownBy,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { CONFIRMATION_MESSAGES, SALE_ACTION_DONE } from "./sale-actions.ts";
import { saleAction, salePage } from "./sale-page.server.ts";

let customerId: string;

const { store, atendimento: atendente } = gestorTestStoreForFile(["atendimento"]);
beforeAll(async () => {
  customerId = (await signUpAndLogIn("Sebastiana Ribeiro")).id;
});

const saleOf = (status: SaleStatus) =>
  insertSale(store.db, {
    customer_id: customerId,
    status,
    bags: [
      {
        student_name: "Ana Beatriz Souza",
        items: [{ title: "Apostila 6º ano", quantity: 1, unit_price_cents: 3000, unit_code: "1" }],
      },
    ],
  });
const statusOf = async (saleId: string) =>
  (await store.db.selectFrom("sales").select("status").where("id", "=", saleId).executeTakeFirstOrThrow()).status;
const act = (saleId: string, fields: Record<string, string>, cookie = atendente.cookie) =>
  saleAction(gestorPost(cookie, fields, GESTOR_PATHS.sale(saleId)).request, saleId).then(actionReply);

describe("a sale's page", () => {
  it("sends a visitor without a staff session to the login, changing nothing", async () => {
    const saleId = await saleOf("pending");
    expect(locationOf(await thrownBy(salePage(gestorGet(null, GESTOR_PATHS.sale(saleId)), saleId)))).toBe(
      loginFor(GESTOR_PATHS.sale(saleId)),
    );
    expect(locationOf(await thrownBy(act(saleId, { intent: "cancel", confirm: "on" }, "")))).toBe(
      loginFor(GESTOR_PATHS.sale(saleId)),
    );
    expect(await statusOf(saleId)).toBe("pending");
  });

  it("shows the sale with its bags and the actions its status allows; an unknown one is 404", async () => {
    const saleId = await saleOf("pending");
    const { sale } = await salePage(gestorGet(atendente.cookie, GESTOR_PATHS.sale(saleId)), saleId);
    expect(sale).toMatchObject({ id: saleId, status: "pending", customer: { id: customerId } });
    expect(sale.actions).toEqual({ confirmPayment: true, cancel: true, refund: false });
    const unknown = crypto.randomUUID();
    const missing = await thrownBy(salePage(gestorGet(atendente.cookie, GESTOR_PATHS.sale(unknown)), unknown));
    expect(missing?.init?.status).toBe(404);
  });
});

describe("the sale's actions", () => {
  it("confirms a payment with the box ticked, and goes back to the sale with a toast", async () => {
    const saleId = await saleOf("pending");
    const unticked = await act(saleId, { intent: "confirm-payment" });
    expect(unticked.status).toBe(400);
    expect(unticked.data).toMatchObject({ intent: "confirm-payment" });
    expect(unticked.data.result.error).toMatchObject({ confirm: [CONFIRMATION_MESSAGES.confirmPayment] });
    expect(await statusOf(saleId)).toBe("pending");

    const done = await act(saleId, { intent: "confirm-payment", confirm: "on" });
    expect(done.status).toBe(302);
    expect(locationOf(done.response)).toBe(GESTOR_PATHS.sale(saleId));
    expect((await toastOf(done.response!))?.message).toBe(SALE_ACTION_DONE["confirm-payment"]);
    expect(await statusOf(saleId)).toBe("paid");
  });

  it("cancels an unpaid sale; a paid one is refused on the form with the API's reason", async () => {
    const pending = await saleOf("pending");
    const done = await act(pending, { intent: "cancel", confirm: "on" });
    expect((await toastOf(done.response!))?.message).toBe(SALE_ACTION_DONE.cancel);
    expect(await statusOf(pending)).toBe("cancelled");

    const paid = await saleOf("paid");
    const refused = await act(paid, { intent: "cancel", confirm: "on" });
    expect(refused.status).toBe(409);
    expect(refused.data.result.error[""]).toEqual([expect.stringMatching(/não pode ser cancelada, só estornada/)]);
    expect(await statusOf(paid)).toBe("paid");
  });

  it("shows each line's size, and how many pieces a refund would ask about (seats are not asked)", async () => {
    const saleId = await insertSale(store.db, {
      customer_id: customerId,
      status: "paid",
      bags: [
        {
          student_name: "Ana Beatriz Souza",
          items: [
            {
              title: "Camisa Polo",
              quantity: 2,
              unit_price_cents: 6000,
              option_name: "Tamanho",
              option_value: "G",
              stock_taken: 2,
            },
            { title: "Curso de Robótica", quantity: 1, unit_price_cents: 9000, type: "S", stock_taken: 1 },
          ],
        },
      ],
    });
    const { sale } = await salePage(gestorGet(atendente.cookie, GESTOR_PATHS.sale(saleId)), saleId);
    expect(sale.bags[0]!.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: "Camisa Polo", optionName: "Tamanho", optionValue: "G" }),
        expect.objectContaining({ title: "Curso de Robótica", optionName: null, optionValue: null }),
      ]),
    );
    expect(sale.piecesHeld).toBe(2);
  });

  it("asks a refund for its reason, keeping what was typed; an unknown intent is 400", async () => {
    const paid = await saleOf("paid");
    const refused = await act(paid, { intent: "refund", reason: "x" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({ reason: [REFUND_REASON_MESSAGE] });
    expect(refused.data.result.initialValue).toMatchObject({ reason: "x" });
    expect(await statusOf(paid)).toBe("paid");
    expect((await thrownBy(act(paid, { intent: "apagar" })))?.init?.status).toBe(400);
  });
});
