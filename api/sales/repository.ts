import type { Selectable } from "kysely";
import { maskedCpf } from "#core/cpf.ts";
import { isSeatType } from "#core/delivery.ts";
import { centsToReais } from "#core/money.ts";
import type { SaleBagItemTable, SaleBagTable, SaleTable } from "#db/schema.ts";
import {
  BOLETO_NOT_FOUND,
  receiptSale,
  SALE_NOT_FOUND,
  type BoletoReply,
  type PublicSaleBagReply,
  type Sale,
  type SaleBag,
  type SaleBagSummary,
} from "../contract/orders.ts";
import type { ApiDeps } from "../deps.ts";
import { notFound } from "../errors.ts";
import { boletoLinkOf } from "./boleto-link.ts";
import { deliveryOfLines, type LineDelivery } from "./line-delivery.ts";
import { saleBagsWithItems } from "./sale-bags.ts";
import { PAYMENT_METHOD_CODES, PAYMENT_METHOD_NAMES } from "#core/payment-methods.ts";
import { firstName } from "#core/text.ts";

type SaleRow = Selectable<SaleTable>;

/** A boleto's numbers go out only while its sale waits for payment: nobody pays an expired, cancelled or paid one. */
const whilePayable = (status: SaleRow["status"], value: string | null) => (status === "pending" ? value : null);
type SaleBagRow = Selectable<SaleBagTable>;
type SaleBagItemRow = Selectable<SaleBagItemTable>;

export { boletoLinkOf };

/**
 * The sales, of those given, whose goods were all picked up: their code has nothing left to
 * fetch (docs/decisions/0076-pickup-code.md), so no page shows it. Decided per sale, here only:
 * a student's receipt keeps the code while another student's bag of the sale waits.
 */
async function salesAllPickedUp(db: ApiDeps["db"], saleIds: readonly string[]): Promise<Set<string>> {
  if (saleIds.length === 0) return new Set();
  const lines = await db
    .selectFrom("sale_bag_items as i")
    .innerJoin("sale_bags as b", "b.id", "i.sale_bag_id")
    .select(["b.sale_id", "i.type", "i.delivery_state"])
    .distinct()
    .where("b.sale_id", "in", saleIds)
    .execute();
  const goods = lines.filter((line) => !isSeatType(line.type));
  const waiting = new Set(goods.filter((line) => line.delivery_state !== "picked_up").map((line) => line.sale_id));
  return new Set(goods.map((line) => line.sale_id).filter((saleId) => !waiting.has(saleId)));
}

function toSale(
  deps: Pick<ApiDeps, "publicUrl">,
  row: SaleRow,
  saleBags: SaleBagSummary[],
  allPickedUp: boolean,
): Sale {
  return {
    id: row.id,
    referenceCode: row.reference_code,
    status: row.status,
    paymentMethod: { code: row.payment_method_code, name: PAYMENT_METHOD_NAMES[row.payment_method_code] },
    installments: row.installments,
    subtotal: centsToReais(row.subtotal_cents),
    ...(row.list_discount_cents > 0 ? { listDiscount: centsToReais(row.list_discount_cents) } : {}),
    discount: centsToReais(row.discount_cents),
    total: centsToReais(row.total_cents),
    couponCode: row.coupon_code,
    cardBrand: row.card_brand,
    cardLastDigits: row.card_last4,
    boletoDigitableLine: whilePayable(row.status, row.boleto_digitable_line),
    // A boleto sale still "processing" has no boleto yet (docs/decisions/0018-payment-flow.md).
    boletoLink:
      row.payment_method_code === PAYMENT_METHOD_CODES.boleto && row.boleto_barcode
        ? boletoLinkOf(deps, row.id, row.boleto_pdf_url)
        : null,
    boletoDueDate: row.boleto_due_date,
    pixCopyPaste: whilePayable(row.status, row.pix_copy_paste),
    pixExpiresAt: row.pix_expires_at,
    pickupCode: allPickedUp ? null : row.pickup_code,
    createdAt: row.created_at,
    saleBags,
  };
}

function toSaleBag(row: SaleBagRow, items: SaleBagItemRow[], deliveries: Map<string, LineDelivery>): SaleBag {
  return {
    id: row.id,
    saleId: row.sale_id,
    studentName: row.student_name,
    studentRA: row.student_ra,
    total: centsToReais(row.total_cents),
    ...(row.list_discount_cents > 0
      ? { listDiscount: centsToReais(row.list_discount_cents), materialListTitle: row.material_list_title ?? "" }
      : {}),
    status: row.status,
    items: items.map((item) => ({
      itemTOTVSId: item.item_totvs_id,
      title: item.title,
      type: item.type,
      quantity: item.quantity,
      unitPrice: centsToReais(item.unit_price_cents),
      originalUnitPrice: centsToReais(item.original_unit_price_cents),
      image: item.image,
      productSlug: item.product_slug,
      categorySlug: item.category_slug,
      CODCOLIGADA: item.unit_code,
      // The option as sold (issue 28), only on a variant's line.
      ...(item.option_name === null ? {} : { optionName: item.option_name }),
      ...(item.option_value === null ? {} : { optionValue: item.option_value }),
      // Where the paid line is on its way to the family (issue 30).
      ...(deliveries.has(item.id) ? { delivery: deliveries.get(item.id) } : {}),
    })),
  };
}

/**
 * A declined card is a payment attempt, not an order (docs/decisions/0018-payment-flow.md): the
 * customer's lists and receipts leave it out; the gestor still sees it (api/gestor/sales/service.ts).
 */
const isOrder = (status: SaleRow["status"]) => status !== "declined";

/** What the customer's data export adds to the orders: the declined attempts kept about them. */
interface ListOptions {
  withAttempts?: boolean;
}

/** The customer's orders in a store, newest first, each with its bags summarised. */
export async function listSalesOfCustomer(
  { db, publicUrl }: ApiDeps,
  storeId: number,
  customerId: string,
  { withAttempts = false }: ListOptions = {},
): Promise<Sale[]> {
  let query = db.selectFrom("sales").selectAll().where("store_id", "=", storeId).where("customer_id", "=", customerId);
  if (!withAttempts) query = query.where("status", "<>", "declined");
  const sales = await query.orderBy("created_at", "desc").orderBy("reference_code", "desc").execute();
  if (sales.length === 0) return [];
  const bags = await db
    .selectFrom("sale_bags as b")
    .leftJoin("sale_bag_items as i", "i.sale_bag_id", "b.id")
    .select(["b.id", "b.sale_id", "b.student_name", "b.student_ra", "b.total_cents"])
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("i.quantity"), eb.lit(0)).as("item_count"))
    .where(
      "b.sale_id",
      "in",
      sales.map((sale) => sale.id),
    )
    .groupBy(["b.id", "b.sale_id", "b.student_name", "b.student_ra", "b.total_cents"])
    .orderBy("b.student_name")
    .orderBy("b.id")
    .execute();
  const bagsBySale = new Map<string, SaleBagSummary[]>();
  for (const bag of bags) {
    const list = bagsBySale.get(bag.sale_id) ?? [];
    list.push({
      id: bag.id,
      studentName: bag.student_name,
      studentRA: bag.student_ra,
      total: centsToReais(bag.total_cents),
      // PostgreSQL answers SUM over integers as a bigint or numeric string.
      itemCount: Number(bag.item_count),
    });
    bagsBySale.set(bag.sale_id, list);
  }
  const pickedUp = await salesAllPickedUp(
    db,
    sales.map((sale) => sale.id),
  );
  return sales.map((sale) => toSale({ publicUrl }, sale, bagsBySale.get(sale.id) ?? [], pickedUp.has(sale.id)));
}

/**
 * The bags of one of the customer's sales, with their items. Another customer's
 * sale answers exactly like an unknown one (404), so sale ids cannot be probed.
 */
export async function listBagsOfOwnSale(
  { db }: ApiDeps,
  storeId: number,
  customerId: string,
  saleId: string,
  { withAttempts = false }: ListOptions = {},
): Promise<SaleBag[]> {
  const sale = await db
    .selectFrom("sales")
    .select(["id", "status"])
    .where("id", "=", saleId)
    .where("store_id", "=", storeId)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
  if (!sale || (!withAttempts && !isOrder(sale.status))) throw notFound(SALE_NOT_FOUND);
  return bagsOfSale(db, sale.id);
}

async function bagsOfSale(db: ApiDeps["db"], saleId: string, saleBagId?: string): Promise<SaleBag[]> {
  const bags = await saleBagsWithItems(db, saleId, saleBagId);
  const deliveries = await deliveryOfLines(db, bags);
  return bags.map((bag) => toSaleBag(bag, bag.items, deliveries));
}

/**
 * The public receipt (spec §7 check-status-sale-bag, no auth): a bag of a sale, found by
 * both random ids. Unknown pairs answer 404 alike.
 */
export async function findPublicSaleBag(
  deps: ApiDeps,
  storeId: number,
  saleId: string,
  saleBagId: string,
): Promise<PublicSaleBagReply["saleBag"]> {
  const sale = await deps.db
    .selectFrom("sales")
    .selectAll()
    .where("id", "=", saleId)
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  const [bag] = sale && isOrder(sale.status) ? await bagsOfSale(deps.db, sale.id, saleBagId) : [];
  if (!sale || !bag) throw notFound(SALE_NOT_FOUND);
  // The contract's receipt fields, and only those (Zod drops the rest). Anyone with the link
  // reads it: the child by first name, and never their RA (issue 25, point 18).
  return {
    ...bag,
    studentName: firstName(bag.studentName),
    studentRA: null,
    sale: receiptSale.parse(toSale(deps, sale, [], (await salesAllPickedUp(deps.db, [sale.id])).has(sale.id))),
  };
}

/** The boleto of a sale, by its random id (no auth: the link is the boleto, as at a bank). */
export async function findBoleto(deps: ApiDeps, storeId: number, saleId: string): Promise<BoletoReply["boleto"]> {
  const row = await deps.db
    .selectFrom("sales")
    .innerJoin("customers", "customers.id", "sales.customer_id")
    .select([
      "sales.id",
      "sales.reference_code",
      "sales.status",
      "sales.total_cents",
      "sales.boleto_barcode",
      "sales.boleto_digitable_line",
    ])
    .select(["sales.boleto_due_date", "sales.created_at", "customers.name", "customers.cpf"])
    .where("sales.id", "=", saleId)
    .where("sales.store_id", "=", storeId)
    .executeTakeFirst();
  if (!row || !row.boleto_barcode || !row.boleto_digitable_line || !row.boleto_due_date)
    throw notFound(BOLETO_NOT_FOUND);
  return {
    saleId: row.id,
    referenceCode: row.reference_code,
    status: row.status,
    amount: centsToReais(row.total_cents),
    barcode: whilePayable(row.status, row.boleto_barcode),
    digitableLine: whilePayable(row.status, row.boleto_digitable_line),
    dueDate: row.boleto_due_date,
    payerName: row.name,
    payerCpf: maskedCpf(row.cpf),
    createdAt: row.created_at,
  };
}
