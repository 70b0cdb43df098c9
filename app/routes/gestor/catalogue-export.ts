import { exportCatalogue } from "#app/features/gestor/catalogue/catalogue.server.ts";
import type { Route } from "./+types/catalogue-export";

/** The catalogue's CSV (docs/decisions/0032-catalogue-editing.md): a download, no page. */
export const loader = ({ request }: Route.LoaderArgs) => exportCatalogue(request);
