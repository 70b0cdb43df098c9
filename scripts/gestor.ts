// The gestor's command-line tool for carts (spec §6: the gestor acts on the server side;
// the customer is told at the next cart reply). Uses the server's database settings:
//   npx node scripts/gestor.ts list-carts --email cliente@exemplo.com.br
//   npx node scripts/gestor.ts remove-item --cart <cartId> --item <itemTOTVSId>
//   npx node scripts/gestor.ts delete-cart --cart <cartId>
// DATA_DIR (default ./data) or DATABASE_URL choose the database, as for `npm start`.
import path from "node:path";
import { parseArgs } from "node:util";
import { migrateToLatest, openDatabase } from "#db/client.ts";
import { deleteCart, listCartsByEmail, ManagerError, removeCartItem } from "#api/services/manager.ts";

const USAGE = `Uso:
  npx node scripts/gestor.ts list-carts --email <e-mail do cliente>
  npx node scripts/gestor.ts remove-item --cart <id do carrinho> --item <itemTOTVSId>
  npx node scripts/gestor.ts delete-cart --cart <id do carrinho>`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { cart: { type: "string" }, item: { type: "string" }, email: { type: "string" } },
});

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
const deps = { db, now: () => new Date() };

try {
  await migrateToLatest(db);
  if (command === "list-carts") {
    if (!values.email) fail(USAGE);
    const carts = await listCartsByEmail(deps, values.email);
    if (carts.length === 0) console.log(`Nenhum carrinho para ${values.email}.`);
    for (const cart of carts) {
      console.log(`${cart.cartId}  loja ${cart.storeId}  ${cart.status}  versão ${cart.version}  ${cart.updatedAt}`);
      for (const item of cart.items) console.log(`  ${item.itemTOTVSId}  ${item.quantity}×  ${item.title}  (${item.student})`);
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
  } else {
    fail(USAGE);
  }
} catch (error) {
  if (error instanceof ManagerError) fail(error.message);
  throw error;
} finally {
  await db.destroy();
}
