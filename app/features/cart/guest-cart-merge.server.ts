import type { GuestCartMerge } from "#api/contract/carts.ts";
import { getGuestCartKey } from "#app/.server/session.server.ts";
import { storeApiFor } from "#app/.server/store-api/index.server.ts";
import { counted } from "#core/text.ts";

/**
 * At login, the visitor's cart joins the account's cart (docs/decisions/0009): what came along waits
 * under "Selecionar estudante" until the checkout asks who it is for. Answers the toast
 * description telling what changed, or undefined when there was nothing to bring.
 */
export async function mergeGuestCartAtLogin(
  request: Request,
  auth: { token: string; customer: { id: string } },
): Promise<string | undefined> {
  const key = await getGuestCartKey(request);
  const api = storeApiFor(request, auth.token);
  // A store API without visitor carts (0026) has nothing to bring.
  if (!key || !api.supports("mergeGuestCart")) return undefined;
  try {
    const { merge } = await api.mergeGuestCart(auth.customer.id, key);
    return describeMerge(merge);
  } catch (error) {
    // The login itself succeeded: say the cart could not come along rather than fail it.
    console.error(
      "[carrinho] não foi possível juntar o carrinho de visitante:",
      error instanceof Error ? error.message : error,
    );
    return "Não foi possível trazer os itens do carrinho de visitante. Adicione-os novamente.";
  }
}

export function describeMerge(merge: GuestCartMerge): string | undefined {
  const parts: string[] = [];
  const added = merge.added.reduce((sum, item) => sum + item.quantity, 0);
  if (added > 0)
    parts.push(
      `${counted(added, "item", "itens")} do carrinho de visitante ${added === 1 ? "foi" : "foram"} para o seu carrinho: escolha o estudante ao finalizar o pedido.`,
    );
  for (const item of merge.skipped) parts.push(`${item.title}: ${item.reason}.`);
  if (merge.couponRemoved) parts.push("O cupom aplicado foi removido porque o carrinho mudou.");
  return parts.length > 0 ? parts.join(" ") : undefined;
}
