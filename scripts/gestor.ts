// The gestor's command-line tool for carts and sales (spec §6: the gestor acts on the
// server side; the customer is told at the next cart reply). Uses the server's database
// settings; the commands are listed in USAGE below and in the README.
// DATA_DIR (default ./data) or DATABASE_URL choose the database, as for `npm start`.
import path from "node:path";
import { parseArgs } from "node:util";
import { migrateToLatest, openDatabase } from "#db/client.ts";
import { centsToReais, formatBRL } from "#app/lib/money.ts";
import { paymentMethodLabel } from "#app/features/orders/sales.ts";
import { deleteCart, listCartsByEmail, removeCartItem } from "#api/gestor/gestor-carts.ts";
import { GestorError } from "#api/gestor/gestor-error.ts";
import { cancelSale, confirmSalePayment, listSalesByEmail, refundSale } from "#api/gestor/gestor-sales.ts";
import { reconcilePayments } from "#api/payments/reconciliation.ts";
import { createSandboxGateway } from "#api/payments/sandbox-gateway.ts";
import { expireOverdueBoletos, type SaleStatusChange } from "#api/sales/sale-lifecycle.ts";

const USAGE = `Uso:
  npx node scripts/gestor.ts list-carts --email <e-mail do cliente>
  npx node scripts/gestor.ts remove-item --cart <id do carrinho> --item <itemTOTVSId>
  npx node scripts/gestor.ts delete-cart --cart <id do carrinho>
  npx node scripts/gestor.ts list-sales --email <e-mail do cliente>
  npx node scripts/gestor.ts confirm-payment --sale <id da compra>
  npx node scripts/gestor.ts cancel-sale --sale <id da compra>
  npx node scripts/gestor.ts refund-sale --sale <id da compra>
  npx node scripts/gestor.ts expire-boletos
  npx node scripts/gestor.ts reconcile-payments`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { cart: { type: "string" }, item: { type: "string" }, email: { type: "string" }, sale: { type: "string" } },
});

const describeChange = (change: SaleStatusChange) =>
  `Compra ${change.referenceCode} (${change.saleId}): ${change.from} → ${change.to}`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const command = positionals[0];
if (!command || positionals.length > 1) fail(USAGE);

const db = await openDatabase({
  dataDir: path.resolve(process.env.DATA_DIR ?? "./data"),
  databaseUrl: process.env.DATABASE_URL || undefined,
});
const now = () => new Date();
// The server's gateway, for the commands that ask the acquirer (refund, reconcile).
const deps = { db, now, gateway: createSandboxGateway({ db, now }) };

try {
  await migrateToLatest(db);
  if (command === "list-carts") {
    if (!values.email) fail(USAGE);
    const carts = await listCartsByEmail(deps, values.email);
    if (carts.length === 0) console.log(`Nenhum carrinho para ${values.email}.`);
    for (const cart of carts) {
      console.log(`${cart.cartId}  loja ${cart.storeId}  ${cart.status}  versão ${cart.version}  ${cart.updatedAt}`);
      for (const item of cart.items)
        console.log(`  ${item.itemTOTVSId}  ${item.quantity}×  ${item.title}  (${item.student})`);
    }
  } else if (command === "remove-item") {
    const item = Number(values.item);
    if (!values.cart || !Number.isInteger(item) || item <= 0) fail(USAGE);
    const removed = await removeCartItem(deps, values.cart, item);
    console.log(`Removido do carrinho ${values.cart}: ${removed.map((r) => `${r.itemTOTVSId} ${r.title}`).join(", ")}`);
  } else if (command === "delete-cart") {
    if (!values.cart) fail(USAGE);
    const removed = await deleteCart(deps, values.cart);
    console.log(`Carrinho ${values.cart} excluído (${removed.length} produto(s) removido(s)).`);
  } else if (command === "list-sales") {
    if (!values.email) fail(USAGE);
    const sales = await listSalesByEmail(deps, values.email);
    if (sales.length === 0) console.log(`Nenhuma compra para ${values.email}.`);
    for (const sale of sales) {
      const due = sale.boletoDueDate ? `  vence ${sale.boletoDueDate}` : "";
      const method = paymentMethodLabel(sale.paymentMethodCode);
      // A declined attempt is no order (the customer does not see it), but the gestor does.
      const status = sale.status === "declined" ? `declined (tentativa ${sale.attempt})` : sale.status;
      console.log(
        `${sale.saleId}  ${sale.referenceCode}  ${status}  ${method}  ${formatBRL(centsToReais(sale.totalCents))}  ${sale.createdAt}${due}`,
      );
    }
  } else if (command === "confirm-payment" || command === "cancel-sale") {
    if (!values.sale) fail(USAGE);
    const change =
      command === "confirm-payment" ? await confirmSalePayment(deps, values.sale) : await cancelSale(deps, values.sale);
    console.log(describeChange(change));
  } else if (command === "refund-sale") {
    if (!values.sale) fail(USAGE);
    console.log(describeChange(await refundSale(deps, values.sale)));
  } else if (command === "reconcile-payments") {
    const run = await reconcilePayments(deps);
    if ("skipped" in run) console.log("Outro servidor está conciliando os pagamentos agora; nada foi feito.");
    else {
      const lines = run.changes.map((change) => describeChange(change) + (change.note ? ` (${change.note})` : ""));
      // The server's own run (every minute) mails the customer; this command only records.
      if (run.changes.some((change) => change.from === "processing" && change.to !== "declined"))
        lines.push("E-mail de confirmação não enviado por este comando: confira com o cliente.");
      if (run.unanswered > 0) lines.push(`${run.unanswered} compra(s) sem resposta do gateway: tente de novo.`);
      console.log(lines.length === 0 ? "Nenhum pagamento a conciliar." : lines.join("\n"));
    }
  } else if (command === "expire-boletos") {
    const changes = await expireOverdueBoletos(deps);
    console.log(changes.length === 0 ? "Nenhum boleto vencido a expirar." : changes.map(describeChange).join("\n"));
  } else {
    fail(USAGE);
  }
} catch (error) {
  if (error instanceof GestorError) fail(error.message);
  throw error;
} finally {
  await db.destroy();
}
