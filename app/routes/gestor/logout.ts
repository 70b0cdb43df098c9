import { redirect } from "react-router";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { staffLogout } from "#app/features/gestor/staff-login.server.ts";
import type { Route } from "./+types/logout";

/** Only a POST logs out (with its CSRF token): a link or an image cannot end a session. */
export const loader = () => redirect(GESTOR_PATHS.home);

export const action = ({ request }: Route.ActionArgs) => staffLogout(request);
