/**
 * Painel and Pedidos' calls (docs/decisions/0030-gestor-orders.md): who may call them, the
 * figures and their days in Brazil, the list's filters and pages, the CSV, a sale's page, and
 * the three actions with their refusals and audit entries, from the area and the command line.
 */
import { describe, expect, it } from "vitest";
import { REFUND_REASON_MESSAGE } from "#api/contract/gestor/refund-reason.ts";
import { gestorSales, SALE_FILTER_MESSAGES } from "#api/contract/gestor/sales.ts";
import { COMMAND_LINE, COMMAND_LINE_LABEL } from "#api/gestor/audit/audit-log.ts";
import { confirmSalePayment, refundSale } from "#api/gestor/sales/service.ts";
import { STAFF_SESSION_EXPIRED } from "#api/gestor/staff/require-staff.ts";
import { createSandboxGateway } from "#api/payments/sandbox-gateway.ts";
import { setStockLevel } from "#api/stock/repository.ts";
import {
  demoItems,
  finishCart,
  METHOD,
  salesOf as customerSalesOf,
  shopperWithCart,
  testCard,
} from "#tests/fixtures/carts.ts";
import { signUpAndLogIn, maskCpf, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { insertSale, type SaleFixture } from "#tests/fixtures/sales.ts";
import { createTestStaff, gestorTestApiForFile } from "#tests/fixtures/staff.ts";

const { t, admin, atendimento: atendente } = gestorTestApiForFile(["admin", "atendimento"], { seed: true });

const get = (path: string, token = atendente.token) => t.call("GET", path, undefined, { token });
const post = (path: string, body: unknown = {}, token = atendente.token) => t.call("POST", path, body, { token });
const auditOf = (saleId: string) =>
  t.db.selectFrom("audit_log").selectAll().where("target_id", "=", saleId).orderBy("at").execute();
/** The e-mails the outbox sent the customer, oldest first. */
async function mailsTo(email: string) {
  await t.mailWorker.drain();
  return t.mail.filter((mail) => mail.to === email);
}

const statusOf = async (saleId: string) =>
  (await t.db.selectFrom("sales").select("status").where("id", "=", saleId).executeTakeFirstOrThrow()).status;

/** A sale of `customer` with one bag of one item of `unit`, worth `cents`. */
function sale(
  customer: SignedUpCustomer,
  cents: number,
  extra: Partial<SaleFixture> & { unit?: string; ra?: string } = {},
) {
  const { unit = "1", ra = null, ...fields } = extra;
  return insertSale(t.db, {
    customer_id: customer.id,
    ...fields,
    bags: [
      {
        student_name: "Ana Beatriz Souza",
        student_ra: ra,
        items: [{ title: "Apostila 6º ano", quantity: 1, unit_price_cents: cents, unit_code: unit }],
      },
    ],
  });
}

describe("who may call Painel and Pedidos", () => {
  it("answers 401 without a staff session, to a customer's token too; both roles are let in", async () => {
    const customer = await signUpAndLogIn(t);
    const saleId = await sale(customer, 1000, { status: "pending" });
    for (const call of Object.values(gestorSales)) {
      const path = call.path.replace(":saleId", saleId);
      const body = call.method === "POST" ? { reason: "Pedido do responsável" } : undefined;
      for (const token of [undefined, customer.token]) {
        const reply = await t.call(call.method, path, body, { token });
        expect(reply.status, `${call.method} ${call.path}`).toBe(401);
        expect(reply.body.error.message).toBe(STAFF_SESSION_EXPIRED);
      }
    }
    expect(await statusOf(saleId)).toBe("pending");
    expect(await auditOf(saleId)).toEqual([]);
    for (const person of [admin, atendente]) expect((await get("/gestor/dashboard", person.token)).status).toBe(200);
  });
});

describe("the Painel", () => {
  it("counts paid sales by the day of payment in Brazil, by method and unit; pending boletos and Pix and open tickets apart", async () => {
    // A Tuesday, 12:00 in Recife.
    const now = new Date("2031-03-04T15:00:00Z");
    t.setNow(now);
    try {
      // A session of that day: the test's clock is years ahead.
      const { token } = await createTestStaff(t.db, "atendimento", { now });
      const dashboard = () => get("/gestor/dashboard", token);
      const before = (await dashboard()).body;
      const customer = await signUpAndLogIn(t);
      const paid = (at: string, cents: number, method: "0" | "1" | "2" | "3", unit = "1") =>
        sale(customer, cents, { status: "paid", paid_at: at, created_at: at, payment_method_code: method, unit });
      await paid("2031-03-04T13:00:00Z", 10000, "1", "1");
      await paid("2031-03-04T03:10:00Z", 5000, "3", "3");
      // 23:30 on Monday in Recife, 02:30 on Tuesday in UTC: Monday's.
      await paid("2031-03-04T02:30:00Z", 3000, "0", "3");
      await paid("2031-02-22T15:00:00Z", 2000, "0");
      // A free order counts as an order, adding nothing.
      await paid("2031-03-04T14:00:00Z", 0, "2", "5");
      await sale(customer, 7000, { status: "refunded", paid_at: "2031-03-04T12:00:00Z", payment_method_code: "1" });
      await sale(customer, 9900, { status: "declined", created_at: "2031-03-04T12:00:00Z", payment_method_code: "1" });
      await sale(customer, 4000, { status: "pending", payment_method_code: "0" });
      await sale(customer, 2500, { status: "pending", payment_method_code: "3" });
      await t.db
        .insertInto("support_tickets")
        .values({
          id: crypto.randomUUID(),
          store_id: 1,
          protocol: `2031-${crypto.randomUUID().slice(0, 6)}`,
          customer_id: null,
          name: "Maria",
          email: "maria@exemplo.com.br",
          phone: null,
          ra: null,
          subject: "pedido",
          message: "Olá",
          created_at: now.toISOString(),
        })
        .execute();

      const reply = await dashboard();
      expect(reply.status).toBe(200);
      const { today, week, pending, openTickets, days } = reply.body;
      expect(today).toMatchObject({ since: "2031-03-04", count: 3, total: 150 });
      expect(today.byMethod).toEqual(
        expect.arrayContaining([
          { paymentMethodCode: "1", count: 1, total: 100 },
          { paymentMethodCode: "3", count: 1, total: 50 },
          { paymentMethodCode: "2", count: 1, total: 0 },
        ]),
      );
      expect(today.byUnit).toEqual([
        { unitCode: "1", count: 1, total: 100 },
        { unitCode: "3", count: 1, total: 50 },
        { unitCode: "5", count: 1, total: 0 },
      ]);
      expect(week).toMatchObject({ since: "2031-03-03", count: 4, total: 180 });
      expect(week.byUnit).toContainEqual({ unitCode: "3", count: 2, total: 80 });
      expect(pending.boleto.count - before.pending.boleto.count).toBe(1);
      expect(pending.boleto.total - before.pending.boleto.total).toBeCloseTo(40);
      expect(pending.pix.count - before.pending.pix.count).toBe(1);
      expect(openTickets - before.openTickets).toBe(1);
      expect(days).toHaveLength(30);
      expect(days[0].date).toBe("2031-02-03");
      expect(days.at(-1)).toEqual({ date: "2031-03-04", count: 3, total: 150 });
      expect(days.find((day: { date: string }) => day.date === "2031-03-03")).toEqual({
        date: "2031-03-03",
        count: 1,
        total: 30,
      });
      expect(days.find((day: { date: string }) => day.date === "2031-02-22")).toMatchObject({ count: 1, total: 20 });
    } finally {
      t.setNow(undefined);
    }
  });
});

describe("the list of sales", () => {
  it("filters by customer (e-mail or CPF), student RA, unit, method, status and dates in Brazil, newest first", async () => {
    const customer = await signUpAndLogIn(t);
    const other = await signUpAndLogIn(t);
    const row = await t.db
      .selectFrom("customers")
      .select("cpf")
      .where("id", "=", customer.id)
      .executeTakeFirstOrThrow();
    const card = await sale(customer, 1000, {
      payment_method_code: "1",
      unit: "7",
      ra: "20250003",
      created_at: "2030-06-10T02:59:00Z",
    });
    const boleto = await sale(customer, 2000, { status: "pending", created_at: "2030-06-10T03:00:00Z" });
    const declined = await sale(customer, 3000, { status: "declined", payment_method_code: "1" });
    await sale(other, 4000, { ra: "20250003" });

    const ids = async (query: string) => {
      const reply = await get(`/gestor/sales?${query}`);
      expect(reply.status, query).toBe(200);
      return reply.body.rows.map((found: { id: string }) => found.id);
    };
    const email = encodeURIComponent(customer.email.toUpperCase());
    // A declined card is an attempt, not an order: only when asked for.
    expect(await ids(`customer=${email}`)).toEqual([boleto, card]);
    expect(await ids(`customer=${email}&status=declined`)).toEqual([declined]);
    expect(await ids(`customer=${encodeURIComponent(maskCpf(row.cpf))}`)).toEqual([boleto, card]);
    expect(await ids(`customer=${email}&ra=20250003`)).toEqual([card]);
    expect(await ids(`customer=${email}&unit=7`)).toEqual([card]);
    expect(await ids(`customer=${email}&method=0&status=pending`)).toEqual([boleto]);
    // 02:59 UTC on the 10th is 23:59 of the 9th in Recife.
    expect(await ids(`customer=${email}&from=2030-06-10&to=2030-06-10`)).toEqual([boleto]);
    expect(await ids(`customer=${email}&from=2030-06-09&to=2030-06-09`)).toEqual([card]);
    // Empty fields of the GET form are no filter.
    expect(await ids(`customer=${email}&status=&method=&unit=&from=&to=&ra=`)).toEqual([boleto, card]);

    const listed = (await get(`/gestor/sales?customer=${email}`)).body.rows[1];
    expect(listed).toMatchObject({
      referenceCode: expect.any(String),
      status: "paid",
      paymentMethodCode: "1",
      customer: { id: customer.id, email: customer.email },
      students: [{ name: "Ana Beatriz Souza", ra: "20250003" }],
      total: 10,
    });
  });

  it("pages 25 at a time and refuses bad filters in Portuguese", async () => {
    const customer = await signUpAndLogIn(t);
    for (let i = 0; i < 26; i++) await sale(customer, 100 + i);
    const first = await get(`/gestor/sales?customer=${customer.email}`);
    expect(first.body).toMatchObject({ page: 1, pageCount: 2, total: 26 });
    expect(first.body.rows).toHaveLength(25);
    const second = await get(`/gestor/sales?customer=${customer.email}&page=2`);
    expect(second.body.rows).toHaveLength(1);
    // A page past the end is the last one; a bad page number is the first.
    expect((await get(`/gestor/sales?customer=${customer.email}&page=9`)).body.page).toBe(2);
    expect((await get(`/gestor/sales?customer=${customer.email}&page=abc`)).body.page).toBe(1);

    for (const [query, message] of [
      ["from=2030-02-30", SALE_FILTER_MESSAGES.date],
      ["from=2030-06-10&to=2030-06-01", SALE_FILTER_MESSAGES.range],
      ["customer=fulano", SALE_FILTER_MESSAGES.customer],
      ["customer=111.111.111-11", SALE_FILTER_MESSAGES.customer],
      ["ra=12a", SALE_FILTER_MESSAGES.ra],
    ] as const) {
      const reply = await get(`/gestor/sales?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.error.message).toBe(message);
    }
  });

  it("exports every page of the filtered list as a Brazilian CSV", async () => {
    const customer = await signUpAndLogIn(t);
    // A name a spreadsheet would run as a formula.
    await t.db.updateTable("customers").set({ name: "=HYPERLINK(1)" }).where("id", "=", customer.id).execute();
    for (let i = 0; i < 26; i++) await sale(customer, 123456, { ra: "20250001", coupon_code: "ESCOLA5" });
    await sale(customer, 500, { status: "cancelled" });
    const response = await t.api.request(
      `/gestor/sales/export?customer=${encodeURIComponent(customer.email)}&status=paid`,
      { headers: { authorization: `Bearer ${admin.token}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain("attachment");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Código;Data;Situação;Forma de pagamento;Parcelas;Cliente;E-mail;CPF;Estudantes;Unidades (CODCOLIGADA);Cupom;Subtotal;Desconto da lista completa;Desconto;Total",
    );
    expect(lines).toHaveLength(27);
    const fields = lines[1]!.split(";");
    expect(fields[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(fields.slice(2, 7)).toEqual(["Pago", "Boleto", "1", "'=HYPERLINK(1)", customer.email]);
    expect(fields[7]).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    expect(fields.slice(8)).toEqual([
      "Ana Beatriz Souza (RA 20250001)",
      "1",
      "ESCOLA5",
      "1234,56",
      "0,00",
      "0,00",
      "1234,56",
    ]);

    const refused = await t.call("GET", "/gestor/sales/export?to=ontem", undefined, { token: admin.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(SALE_FILTER_MESSAGES.date);
  });
});

describe("a sale's page and its actions", () => {
  it("shows bags, items, attempts and history without card data; 404 for an unknown sale", async () => {
    const customer = await signUpAndLogIn(t);
    const saleId = await sale(customer, 4590, {
      status: "pending",
      payment_method_code: "1",
      card_brand: "VISA",
      card_last4: "4242",
      coupon_code: "ESCOLA5",
    });
    const reply = await get(`/gestor/sales/${saleId}`);
    expect(reply.status).toBe(200);
    expect(reply.body.sale).toMatchObject({
      id: saleId,
      status: "pending",
      couponCode: "ESCOLA5",
      total: 45.9,
      customer: { id: customer.id, email: customer.email },
      bags: [{ studentName: "Ana Beatriz Souza", items: [{ title: "Apostila 6º ano", quantity: 1, unitPrice: 45.9 }] }],
      attempts: [{ saleId, status: "pending", cardBrand: "VISA", paymentMethodCode: "1" }],
      actions: { confirmPayment: true, cancel: true, refund: false },
    });
    expect(JSON.stringify(reply.body)).not.toContain("4242");
    const missing = await get(`/gestor/sales/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("Compra não encontrada.");
    expect((await post(`/gestor/sales/${crypto.randomUUID()}/cancel`)).status).toBe(404);
  });

  it("shows a refunded sale's lines picked up as Retirado and the others out of the delivery flow", async () => {
    const customer = await signUpAndLogIn(t);
    const refunded = await insertSale(t.db, {
      customer_id: customer.id,
      status: "refunded",
      paid_at: "2031-03-04T12:00:00Z",
      bags: [
        {
          student_name: "Ana Beatriz Souza",
          items: [
            { title: "Apostila 6º ano", quantity: 1, unit_price_cents: 5000 },
            { title: "Caderno universitário", quantity: 1, unit_price_cents: 2990 },
          ],
        },
      ],
    });
    await t.db
      .updateTable("sale_bag_items")
      .set({ delivery_state: "picked_up" })
      .where("title", "=", "Caderno universitário")
      .where("sale_bag_id", "in", (qb) => qb.selectFrom("sale_bags").select("id").where("sale_id", "=", refunded))
      .execute();
    const { body } = await get(`/gestor/sales/${refunded}`);
    const stateOf = (title: string) =>
      body.sale.bags[0].items.find((item: { title: string }) => item.title === title).deliveryState;
    expect(stateOf("Caderno universitário")).toBe("picked_up");
    // Refunded before it was picked up: no "Aguardando separação" on a sale nobody will separate.
    expect(stateOf("Apostila 6º ano")).toBeNull();
  });

  it("confirms a payment made outside the gateway: paid, e-mailed, audited with the person, in the history", async () => {
    const customer = await signUpAndLogIn(t);
    const saleId = await sale(customer, 3000, { status: "pending" });
    const reply = await post(`/gestor/sales/${saleId}/confirm-payment`);
    expect(reply.status).toBe(200);
    expect(reply.body.sale).toMatchObject({ id: saleId, status: "paid" });
    expect(t.mail.some((mail) => mail.to === customer.email && mail.subject.startsWith("Pagamento confirmado"))).toBe(
      true,
    );
    expect(await auditOf(saleId)).toMatchObject([
      {
        action: "sale.confirm-payment",
        actor_kind: "staff",
        staff_id: atendente.staffId,
        actor_label: atendente.email,
        target_type: "sale",
        summary: expect.stringMatching(/^Confirmou o pagamento da compra /),
        before_json: JSON.stringify({ status: "pending" }),
        after_json: JSON.stringify({ status: "paid" }),
      },
    ]);
    const { history, actions } = (await get(`/gestor/sales/${saleId}`)).body.sale;
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "status", from: "pending", text: "paid", actor: null }),
        expect.objectContaining({ kind: "audit", actor: atendente.email }),
      ]),
    );
    expect(actions).toEqual({ confirmPayment: false, cancel: false, refund: false });

    // Paid already: refused, nothing written.
    const again = await post(`/gestor/sales/${saleId}/confirm-payment`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/está "Pago": só uma compra aguardando pagamento/);
    expect(await auditOf(saleId)).toHaveLength(1);
  });

  it("cancels an unpaid sale and refuses to cancel a paid one", async () => {
    const customer = await signUpAndLogIn(t);
    const pending = await sale(customer, 3000, { status: "pending" });
    const reply = await post(`/gestor/sales/${pending}/cancel`, {}, admin.token);
    expect(reply.body.sale.status).toBe("cancelled");
    expect(await auditOf(pending)).toMatchObject([
      { action: "sale.cancel", actor_label: admin.email, after_json: JSON.stringify({ status: "cancelled" }) },
    ]);
    // The customer is told, by the outbox, in the transaction of the change.
    const [cancelled] = await mailsTo(customer.email);
    expect(cancelled).toMatchObject({
      subject: expect.stringMatching(/^Pedido cancelado - pedido /),
    });
    expect(cancelled!.text).toContain("foi cancelado pela escola. Nada foi cobrado.");
    expect(cancelled!.text).toContain("1 x Apostila 6º ano: R$ 30,00");

    const paid = await sale(customer, 3000, { status: "paid" });
    const refused = await post(`/gestor/sales/${paid}/cancel`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/está paga: ela não pode ser cancelada, só estornada/);
    expect(await statusOf(paid)).toBe("paid");
    expect(await auditOf(paid)).toEqual([]);
    expect(await mailsTo(customer.email)).toHaveLength(1);
  });

  it("refunds a paid card sale through the gateway with its reason; refuses without a reason and an unpaid sale", async () => {
    const item = (await demoItems(t.db)).P[0]!.itemTOTVSId;
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const finished = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.credit, ...testCard() });
    const saleId = finished.body.finished.saleId;
    expect((await get(`/gestor/sales/${saleId}`)).body.sale.actions.refund).toBe(true);

    for (const body of [{}, { reason: "   " }, { reason: "x".repeat(501) }]) {
      const refused = await post(`/gestor/sales/${saleId}/refund`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(REFUND_REASON_MESSAGE);
    }
    expect(await statusOf(saleId)).toBe("paid");
    expect(await auditOf(saleId)).toEqual([]);
    const mailsBefore = (await mailsTo(customer.email)).length;

    const reply = await post(`/gestor/sales/${saleId}/refund`, { reason: "  Aluno trocou de unidade  " });
    expect(reply.status).toBe(200);
    expect(reply.body.sale.status).toBe("refunded");
    expect(await auditOf(saleId)).toMatchObject([
      {
        action: "sale.refund",
        actor_label: atendente.email,
        summary: expect.stringMatching(/^Estornou a compra .*: Aluno trocou de unidade$/),
        before_json: JSON.stringify({ status: "paid" }),
        after_json: JSON.stringify({ status: "refunded", reason: "Aluno trocou de unidade" }),
      },
    ]);
    // The customer's order history says so, and an e-mail tells them (never the staff's reason).
    expect((await customerSalesOf(t, customer)).body.sales).toMatchObject([{ id: saleId, status: "refunded" }]);
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    const refunded = mails.at(-1)!;
    expect(refunded).toMatchObject({
      subject: expect.stringMatching(/^Pedido estornado - pedido /),
    });
    expect(refunded.text).toContain("O estorno aparece na fatura do cartão");
    expect(refunded.text).not.toContain("Aluno trocou de unidade");

    const pending = await sale(customer, 1000, { status: "pending" });
    const refused = await post(`/gestor/sales/${pending}/refund`, { reason: "Pedido do responsável" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/só uma compra paga pode ser estornada/);
    expect(await auditOf(pending)).toEqual([]);
  });

  it("refunds a sale holding pieces: they go back to the unit's stock only when the box says they came back", async () => {
    const product = await t.db
      .selectFrom("products")
      .select(["item_totvs_id", "unit_code"])
      .where("item_totvs_id", "=", (await demoItems(t.db)).P[1]!.itemTOTVSId)
      .executeTakeFirstOrThrow();
    const level = () =>
      t.db
        .selectFrom("stock_levels")
        .select("available")
        .where("item_totvs_id", "=", product.item_totvs_id)
        .where("unit_code", "=", product.unit_code)
        .executeTakeFirstOrThrow();
    await t.db.transaction().execute((trx) =>
      setStockLevel(trx, { storeId: 1, unitCode: product.unit_code, itemTotvsId: product.item_totvs_id }, 10, {
        reason: "adjust",
        at: new Date().toISOString(),
      }),
    );
    const paidFor = async (quantity: number) => {
      const { customer, cart } = await shopperWithCart(t, [product.item_totvs_id, quantity]);
      const finished = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.credit, ...testCard() });
      expect(finished.status).toBe(200);
      return finished.body.finished.saleId as string;
    };

    const kept = await paidFor(2);
    expect((await get(`/gestor/sales/${kept}`)).body.sale.piecesHeld).toBe(2);
    expect((await level()).available).toBe(8);
    expect((await post(`/gestor/sales/${kept}/refund`, { reason: "Desistência; peças com o aluno" })).status).toBe(200);
    expect((await level()).available).toBe(8);
    expect((await get(`/gestor/sales/${kept}`)).body.sale.piecesHeld).toBe(2);

    const returned = await paidFor(3);
    expect((await level()).available).toBe(5);
    const reply = await post(`/gestor/sales/${returned}/refund`, { reason: "Peças devolvidas", piecesReturned: true });
    expect(reply.status).toBe(200);
    expect((await level()).available).toBe(8);
    expect((await get(`/gestor/sales/${returned}`)).body.sale.piecesHeld).toBe(0);
  });

  it("audits the command line's actions as linha de comando", async () => {
    const customer = await signUpAndLogIn(t);
    const pending = await sale(customer, 1000, { status: "pending" });
    const now = () => new Date();
    const deps = { db: t.db, now, publicUrl: t.publicUrl, gateway: createSandboxGateway({ db: t.db, now }) };
    await confirmSalePayment(deps, pending, COMMAND_LINE);
    // The command line needs a reason too (--reason), checked before anything else.
    await expect(refundSale(deps, pending, COMMAND_LINE, " ")).rejects.toThrow(REFUND_REASON_MESSAGE);
    expect(await auditOf(pending)).toMatchObject([
      {
        action: "sale.confirm-payment",
        actor_kind: "cli",
        staff_id: null,
        actor_label: COMMAND_LINE_LABEL,
        address: null,
      },
    ]);
  });
});
