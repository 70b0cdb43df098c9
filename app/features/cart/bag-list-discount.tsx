import type { CartBagMaterialList } from "#api/contract/carts.ts";
import { formatBRL } from "#core/money.ts";
import { listDiscountLabel, listDiscountMissingNote } from "./list-discount.ts";

/**
 * Under a bag filled from a material list with a discount (0072): the discount while it applies,
 * else a note naming the required lines missing, which stays as long as they are.
 */
export function BagListDiscount({ list }: { list: CartBagMaterialList | undefined }) {
  if (!list) return null;
  return list.applies ? (
    <p className="flex justify-between py-2 text-sm text-emerald-700" data-testid="bag-list-discount">
      <span>{listDiscountLabel(list)}</span>
      <span>{`- ${formatBRL(list.discount)}`}</span>
    </p>
  ) : (
    <p className="my-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="bag-list-discount-note">
      {listDiscountMissingNote(list)}
    </p>
  );
}
