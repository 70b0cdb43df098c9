/**
 * "Adicionar ao carrinho" on a student's material list (api/contract/material-lists.ts
 * addMaterialListToBag; docs/decisions/0071-material-lists.md): the ticked lines go in the
 * student's bag in one transaction under the customer's lock, each line told what happened.
 * The bag is written as saveCart writes it (api/carts/repository.ts) and remembers the list.
 */
import type { Kysely } from "kysely";
import { checkBag, type BagLine } from "#core/cart-rules.ts";
import type { Database } from "#db/schema.ts";
import {
  MATERIAL_LIST_MESSAGES,
  type AddListToBagReply,
  type ListLineOutcome,
  type MaterialListLine,
  type TickedListLine,
} from "../contract/material-lists.ts";
import type { CustomerRow } from "../customers/repository.ts";
import { lockCustomer } from "../customers/customer-lock.ts";
import type { ApiDeps } from "../deps.ts";
import { badRequest, notFound } from "../errors.ts";
import { cartReply } from "../carts/cart-view.ts";
import {
  createCart,
  findOpenCart,
  readContents,
  touchCart,
  writeContents,
  type StoredBag,
} from "../carts/repository.ts";
import { affiliateOf, assertNoPaymentInProgress, couponDroppedBy } from "../carts/service.ts";
import { listLines } from "./list-view.ts";
import { findStudentList } from "./student-list.ts";

export interface AddListToBagInput {
  studentId: string;
  listId: string;
  lines: TickedListLine[];
}

type BagItem = StoredBag["items"][number] & BagLine;

/** TIPO of the bag's products, for the cart rules. */
async function typesOf(db: Kysely<Database>, productIds: string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.selectFrom("products").select(["id", "type"]).where("id", "in", productIds).execute();
  return new Map(rows.map((row) => [row.id, row.type]));
}

/** Every ticked line is a line of this list. */
function assertTicked(lines: readonly MaterialListLine[], ticked: readonly TickedListLine[]): void {
  for (const choice of ticked)
    if (!lines.some((line) => line.lineId === choice.lineId)) throw badRequest(MATERIAL_LIST_MESSAGES.lineInvalid);
}

/**
 * What one ticked line does to the bag so far (`bag` changes when it is added): already there
 * with at least the list's quantity (any size), no longer sold (or the size is not), fewer left
 * than the quantity, refused by spec §5's rules (one course and one manual per student), or
 * added with the list's quantity. A product the bag holds with fewer pieces is raised to the
 * list's quantity (the list's discount counts each line up to it, decision 0072), checked as an
 * add: the size the bag holds (the chosen one when the bag holds several) must still be sold
 * with enough left. A sized line to buy without its size refuses the whole call (400).
 */
function placeLine(line: MaterialListLine, choice: TickedListLine, bag: BagItem[], index: number): ListLineOutcome {
  const outcome = (result: ListLineOutcome["result"], message?: string): ListLineOutcome =>
    message === undefined ? { lineId: line.lineId, index, result } : { lineId: line.lineId, index, result, message };
  const held = bag.filter((item) => item.productId === line.productId);
  const heldPieces = held.reduce((sum, item) => sum + item.quantity, 0);
  if (heldPieces >= line.quantity) return outcome("already");
  if (line.unavailable) return outcome("unavailable");
  if (held.length > 0) {
    const raised = held.find((item) => item.itemTOTVSId === choice.itemTOTVSId) ?? held[0]!;
    const size = line.optionName === null ? null : line.options.find((o) => o.itemTOTVSId === raised.itemTOTVSId);
    if (size === undefined || (size === null && raised.itemTOTVSId !== line.itemTOTVSId)) return outcome("unavailable");
    if (size ? size.soldOut : line.soldOut) return outcome("soldOut");
    const item: BagItem = { ...raised, quantity: raised.quantity + line.quantity - heldPieces };
    return place(bag, item, bag.indexOf(raised), outcome);
  }
  // A sized line to buy names its size (the page asks for it); the whole call is refused, nothing written.
  if (line.optionName !== null && choice.itemTOTVSId === undefined) {
    if (line.soldOut) return outcome("soldOut");
    throw badRequest(MATERIAL_LIST_MESSAGES.sizeRequired);
  }
  const size = line.optionName === null ? null : line.options.find((o) => o.itemTOTVSId === choice.itemTOTVSId);
  if (size === undefined) return outcome("unavailable");
  if (size ? size.soldOut : line.soldOut) return outcome("soldOut");
  const item: BagItem = {
    productId: line.productId,
    itemTOTVSId: size ? size.itemTOTVSId : line.itemTOTVSId!,
    quantity: line.quantity,
    type: line.type,
  };
  return place(bag, item, bag.length, outcome);
}

/** Puts `item` at `at` of the bag (its end: a new item) when spec §5's rules allow it. */
function place(
  bag: BagItem[],
  item: BagItem,
  at: number,
  outcome: (result: ListLineOutcome["result"], message?: string) => ListLineOutcome,
): ListLineOutcome {
  const next = [...bag];
  next[at] = item;
  const checked = checkBag(next);
  if (!checked.ok) return outcome("refused", checked.message);
  bag[at] = item;
  return outcome("added");
}

/** POST /material-lists/add-to-bag. */
export async function addMaterialListToBag(
  deps: ApiDeps,
  customer: CustomerRow,
  input: AddListToBagInput,
): Promise<AddListToBagReply> {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const at = now.toISOString();
    await lockCustomer(trx, customer.id);
    const { list } = await findStudentList(trx, customer, input.studentId, now);
    if (list.id !== input.listId) throw notFound(MATERIAL_LIST_MESSAGES.notFound);
    const cart = await findOpenCart(trx, customer.id, customer.store_id);
    if (cart) await assertNoPaymentInProgress(trx, cart.id);
    const lines = await listLines(trx, list);
    assertTicked(lines, input.lines);

    const contents = cart ? await readContents(trx, cart.id) : [];
    const before = contents.find((bag) => bag.studentId === input.studentId)?.items ?? [];
    const types = await typesOf(
      trx,
      before.map((item) => item.productId),
    );
    const bag: BagItem[] = before.map((item) => ({ ...item, type: types.get(item.productId) ?? "" }));
    const ticked = new Map(input.lines.map((choice) => [choice.lineId, choice]));
    const outcomes = lines.flatMap((line, index) => {
      const choice = ticked.get(line.lineId);
      return choice ? [placeLine(line, choice, bag, index)] : [];
    });

    const added = outcomes.some((outcome) => outcome.result === "added");
    const studentBag: StoredBag = {
      studentId: input.studentId,
      items: bag.map(({ productId, itemTOTVSId, quantity }) => ({ productId, itemTOTVSId, quantity })),
    };
    let couponRemoved: AddListToBagReply["couponRemoved"];
    if (!cart && added) {
      const affiliateId = await affiliateOf(trx, null, [studentBag]);
      const created = await createCart(
        trx,
        { storeId: customer.store_id, owner: { customerId: customer.id }, affiliateId, at },
        [studentBag],
      );
      await rememberList(trx, created.id, input.studentId, list.id);
    } else if (cart && (added || before.length > 0)) {
      const bags = before.length > 0 ? contents : [...contents, studentBag];
      if (added) {
        await writeContents(
          trx,
          cart.id,
          bags.map((stored) => (stored.studentId === input.studentId ? studentBag : stored)),
          at,
        );
      }
      const remembered = await rememberList(trx, cart.id, input.studentId, list.id);
      if (added || remembered) {
        const dropped =
          added && cart.coupon_id ? await couponDroppedBy(trx, cart.id, cart.coupon_id, customer.id, now) : null;
        couponRemoved = dropped ?? undefined;
        const affiliateId = cart.affiliate_id ?? (await affiliateOf(trx, null, bags));
        await touchCart(
          trx,
          cart,
          dropped ? { affiliate_id: affiliateId, coupon_id: null } : { affiliate_id: affiliateId },
          at,
        );
      }
    }
    const reply = await cartReply(trx, customer, now);
    return couponRemoved ? { ...reply, outcomes, couponRemoved } : { ...reply, outcomes };
  });
}

/**
 * The student's bag remembers the list it was filled from (its discount: decision 0072).
 * Answers whether that changed anything.
 */
async function rememberList(db: Kysely<Database>, cartId: string, studentId: string, listId: string): Promise<boolean> {
  const result = await db
    .updateTable("cart_bags")
    .set({ material_list_id: listId })
    .where("cart_id", "=", cartId)
    .where("student_id", "=", studentId)
    .where((eb) => eb.or([eb("material_list_id", "is", null), eb("material_list_id", "!=", listId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
