import { exportStock } from "#app/features/gestor/stock/stock.server.ts";
import type { Route } from "./+types/stock-export";

/** Estoque's CSV, with the list's filters: a download, no page. */
export const loader = ({ request }: Route.LoaderArgs) => exportStock(request);
