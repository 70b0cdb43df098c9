import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoItems, finishCart, METHOD, shopperWithCart, testCard } from "#tests/fixtures/carts.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { addSizes } from "#tests/fixtures/variants.ts";
import { COMMAND_LINE } from "#api/gestor/audit/audit-log.ts";
import { cancelSale, confirmSalePayment, refundSale } from "#api/gestor/sales/service.ts";
import { createSandboxGateway } from "#api/payments/sandbox-gateway.ts";
import { signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { enqueuePaymentConfirmedEmail } from "./sale-emails.ts";

// The sale's e-mails name the size each line was sold in (issue 28): one home for the lines
// (orderLines), so the purchase, the payment, the cancel and the refund all say it.

let t: TestApi;
let shirt: { title: string; sizeM: number; plain: number; plainTitle: string };
const deps = () => ({
  db: t.db,
  now: () => new Date(),
  publicUrl: t.publicUrl,
  gateway: createSandboxGateway({ db: t.db, now: () => new Date() }),
});

beforeAll(async () => {
  t = await createTestApi();
  t.setNow(undefined);
  const items = await demoItems(t.db);
  const product = await t.db
    .selectFrom("products")
    .select(["id", "title"])
    .where("item_totvs_id", "=", items.P[0]!.itemTOTVSId)
    .executeTakeFirstOrThrow();
  await addSizes(t.db, { id: product.id, storeId: 1 }, { P: 980_001, M: 980_002 });
  shirt = { title: product.title, sizeM: 980_002, plain: items.P[1]!.itemTOTVSId, plainTitle: items.P[1]!.title };
});
afterAll(() => t.close());

async function saleOfSizeM(payment: Record<string, unknown> = { paymentMethodId: METHOD.boleto }) {
  const { customer, cart } = await shopperWithCart(t, [shirt.sizeM, 1], [shirt.plain, 1]);
  const finished = await finishCart(t, customer, cart.cartId, payment);
  expect(finished.status).toBe(200);
  return { customer, saleId: finished.body.finished.saleId as string };
}

async function mailsTo(email: string) {
  await t.mailWorker.drain();
  return t.mail.filter((mail) => mail.to === email);
}

/** The order's line of `title` in a message: "  1 x Camiseta (Tamanho: M): R$ 59,90". */
const lineOf = (text: string, title: string) => text.split("\n").find((line) => line.startsWith(`  1 x ${title}`));

describe("the sale's e-mails", () => {
  it("say the size in the confirmation and the payment, and nothing of it for a product without sizes", async () => {
    const { customer, saleId } = await saleOfSizeM();
    await confirmSalePayment(deps(), saleId, COMMAND_LINE);
    const mails = await mailsTo(customer.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Pedido \d+ recebido/),
      expect.stringMatching(/^Pagamento confirmado/),
    ]);
    for (const mail of mails) {
      expect(lineOf(mail.text, shirt.title)).toMatch(/^ {2}1 x .+ \(Tamanho: M\): R\$/);
      expect(mail.html).toContain("(Tamanho: M)");
      expect(lineOf(mail.text, shirt.plainTitle)?.slice(`  1 x ${shirt.plainTitle}`.length)).toMatch(/^: R\$/);
    }
  });

  it("say the size when the school refunds a card's order", async () => {
    const { customer, saleId } = await saleOfSizeM({ paymentMethodId: METHOD.credit, ...testCard() });
    await refundSale(deps(), saleId, COMMAND_LINE, "Tamanho errado");
    const refunded = (await mailsTo(customer.email)).find((mail) => mail.subject.startsWith("Pedido estornado"));
    expect(lineOf(refunded!.text, shirt.title)).toContain("(Tamanho: M)");
  });

  it("name, on a refund, the goods already picked up, which stay with the family (issue 30)", async () => {
    const { customer, saleId } = await saleOfSizeM({ paymentMethodId: METHOD.credit, ...testCard() });
    await t.db
      .updateTable("sale_bag_items")
      .set({ delivery_state: "picked_up" })
      .where("sale_bag_id", "in", (qb) => qb.selectFrom("sale_bags").select("id").where("sale_id", "=", saleId))
      .where("option_value", "=", "M")
      .execute();
    await refundSale(deps(), saleId, COMMAND_LINE, "Desistência");
    const refunded = (await mailsTo(customer.email)).find((mail) => mail.subject.startsWith("Pedido estornado"));
    const kept = refunded!.text.split("Itens já retirados:\n")[1]!.split("\n\n")[0]!;
    expect(refunded!.text).toContain("Itens já retirados continuam com você; o estorno não muda a retirada.");
    expect(kept).toMatch(new RegExp(`^ {2}1 x ${shirt.title} \\(Tamanho: M\\) \\(.+\\)$`));
    expect(kept).not.toContain(shirt.plainTitle);

    const { customer: other, saleId: nothingPickedUp } = await saleOfSizeM({
      paymentMethodId: METHOD.credit,
      ...testCard(),
    });
    await refundSale(deps(), nothingPickedUp, COMMAND_LINE, "Desistência");
    const plain = (await mailsTo(other.email)).find((mail) => mail.subject.startsWith("Pedido estornado"));
    expect(plain!.text).not.toContain("Itens já retirados");
  });

  it("say the size when the school cancels the unpaid order", async () => {
    const { customer, saleId } = await saleOfSizeM();
    await cancelSale(deps(), saleId, COMMAND_LINE);
    const cancelled = (await mailsTo(customer.email)).find((mail) => mail.subject.startsWith("Pedido cancelado"));
    expect(lineOf(cancelled!.text, shirt.title)).toContain("(Tamanho: M)");
  });

  it("give the pickup code, large in the HTML, in the confirmation and the payment; a course only has none (issue 30)", async () => {
    const { customer, saleId } = await saleOfSizeM();
    await confirmSalePayment(deps(), saleId, COMMAND_LINE);
    const { pickup_code: code } = await t.db
      .selectFrom("sales")
      .select("pickup_code")
      .where("id", "=", saleId)
      .executeTakeFirstOrThrow();
    const printed = `${code!.slice(0, 3)}-${code!.slice(3)}`;
    const [placed, paid] = await mailsTo(customer.email);
    const [bag] = await t.db.selectFrom("sale_bags").select("id").where("sale_id", "=", saleId).execute();
    const receipt = `${t.publicUrl}/comprovantePublico/${bag!.id}/${saleId}`;
    for (const mail of [placed!, paid!]) {
      // The QR is one click away: the student's public receipt, no login.
      expect(mail.text).toContain(`Veja o QR Code do código de retirada:\n${receipt}\n`);
      expect(mail.html).toContain(`<a href="${receipt}">`);
      expect(mail.text).toContain(`Código de retirada:\n${printed}\n`);
      expect(mail.text).toContain("Apresente este código na unidade quando o pedido estiver pronto para retirada");
      // The same words as the pages' pickup code (core/delivery.ts PICKUP_CODE_TEXTS).
      expect(mail.text).toContain(
        "Pode retirar você, titular da conta, ou uma pessoa indicada em Minha Conta, em “Quem pode retirar”, com um documento com foto e o CPF.",
      );
      expect(mail.html).toMatch(new RegExp(`font-size: 32px[^>]*>${printed}</p>`));
    }
    // Placed with a boleto still to pay: the code works after the payment.
    expect(placed!.text).toContain("O pedido fica pronto para retirada depois da confirmação do pagamento.");
    expect(paid!.text).not.toContain("depois da confirmação do pagamento");

    const items = await demoItems(t.db);
    const { customer: student, cart } = await shopperWithCart(t, [items.S[0]!.itemTOTVSId, 1]);
    expect((await finishCart(t, student, cart.cartId, { paymentMethodId: METHOD.boleto })).status).toBe(200);
    const [courseMail] = await mailsTo(student.email);
    expect(courseMail!.text).not.toContain("Código de retirada");
  });

  it("link each student's receipt for the QR when the sale has several (issue 30)", async () => {
    const customer = await signUpAndLogIn(t);
    const saleId = await insertSale(t.db, {
      customer_id: customer.id,
      bags: [
        {
          student_name: "Lucas Souza",
          items: [{ title: "Caderno universitário", quantity: 1, unit_price_cents: 2990 }],
        },
        { student_name: "Beatriz Souza", items: [{ title: "Estojo", quantity: 1, unit_price_cents: 1990 }] },
      ],
    });
    await enqueuePaymentConfirmedEmail(t.db, deps(), saleId);
    const [paid] = await mailsTo(customer.email);
    const bags = await t.db
      .selectFrom("sale_bags")
      .select(["id", "student_name"])
      .where("sale_id", "=", saleId)
      .execute();
    expect(bags).toHaveLength(2);
    for (const bag of bags)
      expect(paid!.text).toContain(`${bag.student_name}:\n${t.publicUrl}/comprovantePublico/${bag.id}/${saleId}\n`);
  });
});
