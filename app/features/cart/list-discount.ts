import type { CartBag, CartBagMaterialList, ListDiscountRemoved, SaveCartReply } from "#api/contract/carts.ts";
import { LIST_DISCOUNT_LABEL } from "#core/sales.ts";
import { firstName, listedWithE } from "#core/text.ts";

/**
 * The texts of a material list's discount in the cart ("Lista completa com X% de desconto",
 * docs/decisions/0072-list-discount-and-coupon.md). The store API decides when it applies; the
 * storefront only says so.
 */

/** "falta Caderno" / "faltam Caderno e Régua". */
const missingText = (missing: readonly string[]) =>
  `${missing.length === 1 ? "falta" : "faltam"} ${listedWithE(missing)}`;

/** The bag's line while the discount applies: "Desconto da lista completa (5%)"; receipts name it alike. */
export const listDiscountLabel = (list: Pick<CartBagMaterialList, "percentage">) =>
  `${LIST_DISCOUNT_LABEL} (${list.percentage}%)`;

/** The bag's note while it does not apply: which required lines are missing. */
export const listDiscountMissingNote = (list: Pick<CartBagMaterialList, "percentage" | "missing">) =>
  `O desconto da lista completa (${list.percentage}%) vale com todos os itens obrigatórios da lista: ${missingText(list.missing)}.`;

/**
 * The warning a change gives when it took bags' list discounts away: "O desconto da lista completa
 * deixou de valer: falta Caderno universitário 10 matérias." With several bags, or `named` (the
 * gestor's removal), each student's by first name.
 */
export function listDiscountRemovedMessage(
  removed: readonly ListDiscountRemoved[],
  { named = removed.length > 1 }: { named?: boolean } = {},
): string {
  return removed
    .map((bag) => {
      const whose = named && bag.studentName ? ` de ${firstName(bag.studentName)}` : "";
      return `O desconto da lista completa${whose} deixou de valer: ${missingText(bag.missing)}.`;
    })
    .join(" ");
}

/**
 * The bags whose list discount a change took away: the bundled API says so (0072); a store API
 * that does not is read from the cart's bags before and after.
 */
export function listDiscountRemovedBy(
  before: readonly CartBag[],
  reply: SaveCartReply,
): ListDiscountRemoved[] | undefined {
  if (reply.listDiscountRemoved) return reply.listDiscountRemoved;
  const lost = before.flatMap((bag) => {
    const after = reply.cart.bags.find((other) => other.studentId === bag.studentId)?.materialList;
    if (!bag.materialList?.applies || !after || after.applies) return [];
    return [{ studentName: bag.name, title: after.title, missing: after.missing }];
  });
  return lost.length > 0 ? lost : undefined;
}
