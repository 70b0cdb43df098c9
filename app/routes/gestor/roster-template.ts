import { rosterTemplate } from "#app/features/gestor/roster/roster.server.ts";
import type { Route } from "./+types/roster-template";

/** The roster file's model (docs/decisions/0059-roster-import.md): a download, no page. */
export const loader = ({ request }: Route.LoaderArgs) => rosterTemplate(request);
