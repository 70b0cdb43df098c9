import { exportPendingPickups } from "#app/features/gestor/delivery/delivery.server.ts";
import type { Route } from "./+types/pending-pickups-export";

/** The pending pickups of the person's units (or `?unitCode=`) as CSV: a download, no page. */
export const loader = ({ request }: Route.LoaderArgs) => exportPendingPickups(request);
