import { loadPurchaseComplete, purchaseCompleteAction } from "#app/features/orders/purchase-complete.server.ts";
import { PurchaseComplete } from "#app/features/orders/purchase-summary.tsx";
import type { Route } from "./+types/purchase-complete";

export const meta = () => [{ title: "Compra concluída | Loja Escolar" }, { name: "robots", content: "noindex" }];

export const loader = (args: Route.LoaderArgs) => loadPurchaseComplete(args);

export const action = (args: Route.ActionArgs) => purchaseCompleteAction(args);

export default function PurchaseCompletePage({ loaderData }: Route.ComponentProps) {
  return <PurchaseComplete loaderData={loaderData} />;
}
