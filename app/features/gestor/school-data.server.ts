/**
 * With STORE_API_URL the school network's own store API holds its units, grades and enrolled
 * students (issue 27; docs/decisions/0065-school-data-from-the-school-api.md): Unidades, Séries
 * and Alunos matriculados then only read what it answers, and their changes are refused here,
 * before any call, whatever the remote would take.
 */
import { getEnv } from "#app/.server/env.server.ts";

export const SCHOOL_DATA_READ_ONLY =
  "Os dados da escola vêm da API configurada (STORE_API_URL): esta tela só consulta.";

/** Whether the school's data screens only read (a school API is configured). */
export const schoolDataReadOnly = (): boolean => Boolean(getEnv().STORE_API_URL);

/** For the screens' actions and form pages: 403 with the reason while the school's API holds the data. */
export function refuseWhileSchoolApi(): void {
  if (schoolDataReadOnly()) throw new Response(SCHOOL_DATA_READ_ONLY, { status: 403, statusText: "Forbidden" });
}
