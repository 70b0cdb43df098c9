import { exportGrades } from "#app/features/gestor/grades/grades.server.ts";
import type { Route } from "./+types/grades-export";

/** Séries' CSV (docs/decisions/0058-grades-of-each-school-period.md): a download, no page. */
export const loader = ({ request }: Route.LoaderArgs) => exportGrades(request);
