/**
 * Unidades in the gestor area (issue 27; docs/decisions/0057-gestor-units.md): the pages'
 * loaders and actions, admins only (the API refuses anyone else too).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { gestorUnits, newUnitFields, UNIT_DIRECTIONS, UNIT_MESSAGES, unitFields } from "#api/contract/gestor/units.ts";
import { getEnv } from "#app/.server/env.server.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { refuseWhileSchoolApi, SCHOOL_DATA_READ_ONLY, schoolDataReadOnly } from "../school-data.server.ts";
import { requireAdmin } from "../staff-guard.server.ts";

export const UNIT_TOASTS = {
  created: "Unidade criada.",
  saved: "Unidade salva.",
  moved: "Ordem das unidades salva.",
} as const;

const storeId = () => getEnv().STORE_ID;

export async function unitListPage(request: Request) {
  const { call } = await requireAdmin(request);
  const list = await call(gestorUnits.list, {}, { query: { storeId: storeId() } });
  return { ...list, readOnly: schoolDataReadOnly() ? SCHOOL_DATA_READ_ONLY : null };
}

const isDirection = (value: unknown): value is (typeof UNIT_DIRECTIONS)[number] =>
  UNIT_DIRECTIONS.includes(value as (typeof UNIT_DIRECTIONS)[number]);

/** The list's ↑ and ↓ buttons (intent "up" or "down", the unit's code and the place it was seen at). */
export async function moveUnitAction(request: Request) {
  const { call } = await requireAdmin(request);
  refuseWhileSchoolApi();
  const formData = await request.formData();
  const intent = formData.get("intent");
  const code = formData.get("code");
  const place = formData.get("place");
  if (!isDirection(intent) || typeof code !== "string" || typeof place !== "string")
    throw data("Ação desconhecida.", { status: 400 });
  try {
    await call(gestorUnits.move, { code }, { body: { storeId: storeId(), direction: intent, place } });
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500 || error.status === 403) throw error;
    return toasts().redirectWithError(GESTOR_PATHS.units, error.message);
  }
  return toasts().redirectWithSuccess(GESTOR_PATHS.units, UNIT_TOASTS.moved);
}

export async function newUnitPage(request: Request) {
  await requireAdmin(request);
  refuseWhileSchoolApi();
  return null;
}

/** Where a refusal of the API shows: the field it is about, the form otherwise. */
const FIELD_OF_MESSAGE: Partial<Record<string, "code" | "active">> = {
  [UNIT_MESSAGES.codeTaken]: "code",
  [UNIT_MESSAGES.headOfficeActive]: "active",
};

interface Replying {
  reply(options: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }): unknown;
}

function refusedForm(submission: Replying, error: unknown) {
  if (!(error instanceof StoreApiError) || error.status >= 500 || error.status === 403 || error.status === 404)
    throw error;
  const field = FIELD_OF_MESSAGE[error.message];
  return formReply(
    {
      result: submission.reply(field ? { fieldErrors: { [field]: [error.message] } } : { formErrors: [error.message] }),
    },
    error.status,
  );
}

export async function createUnitAction(request: Request) {
  const { call } = await requireAdmin(request);
  refuseWhileSchoolApi();
  const submission = parseWithZod(await request.formData(), { schema: newUnitFields });
  if (submission.status !== "success") return formReply({ result: submission.reply() }, 400);
  try {
    const { unit } = await call(gestorUnits.create, {}, { body: { ...submission.value, storeId: storeId() } });
    return toasts().redirectWithSuccess(GESTOR_PATHS.unit(unit.code), UNIT_TOASTS.created);
  } catch (error) {
    return refusedForm(submission, error);
  }
}

/** A unit's page; an unknown code is the area's 404. */
async function unitOf(call: Awaited<ReturnType<typeof requireAdmin>>["call"], code: string) {
  try {
    return (await call(gestorUnits.get, { code }, { query: { storeId: storeId() } })).unit;
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 404) throw data(error.message, { status: 404 });
    throw error;
  }
}

export async function unitPage(request: Request, code: string) {
  const { call } = await requireAdmin(request);
  return { unit: await unitOf(call, code), readOnly: schoolDataReadOnly() ? SCHOOL_DATA_READ_ONLY : null };
}

/** The edit form ("save"): every field but the code, which never changes. */
export async function unitAction(request: Request, code: string) {
  const { call } = await requireAdmin(request);
  refuseWhileSchoolApi();
  const formData = await request.formData();
  if (formData.get("intent") !== "save") throw data("Ação desconhecida.", { status: 400 });
  const submission = parseWithZod(formData, { schema: unitFields });
  if (submission.status !== "success") return formReply({ result: submission.reply() }, 400);
  try {
    await call(gestorUnits.update, { code }, { body: { ...submission.value, storeId: storeId() } });
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 404) throw data(error.message, { status: 404 });
    return refusedForm(submission, error);
  }
  return toasts().redirectWithSuccess(GESTOR_PATHS.unit(code), UNIT_TOASTS.saved);
}
