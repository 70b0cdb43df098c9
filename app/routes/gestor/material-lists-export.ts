import { exportLists } from "#app/features/gestor/material-lists/material-lists.server.ts";
import type { Route } from "./+types/material-lists-export";

/** A period's material lists as CSV (docs/decisions/0074-gestor-material-lists.md): a download, no page. */
export const loader = ({ request }: Route.LoaderArgs) => exportLists(request);
