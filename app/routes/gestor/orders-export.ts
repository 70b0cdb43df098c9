import { ordersCsv } from "#app/features/gestor/orders/orders.server.ts";
import type { Route } from "./+types/orders-export";

/** Pedidos' CSV: a resource route, a plain GET link that downloads (docs/decisions/0030-gestor-orders.md). */
export const loader = ({ request }: Route.LoaderArgs) => ordersCsv(request);
