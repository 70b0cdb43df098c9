/**
 * Equipe (admins only; issue 15): the team, invitations and what an admin does to a person.
 * A one-time link (invitation or reset) is e-mailed and also shown in the action's reply,
 * once, for when mail is down (0028: why that reply is not a redirect).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { catalogue } from "#api/contract/catalogue.ts";
import { gestorTeam } from "#api/contract/gestor/team.ts";
import { getEnv } from "#app/.server/env.server.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import type { GestorCall } from "../gestor-api.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { requireAdmin } from "../staff-guard.server.ts";
import { inviteSchema, memberActionSchema, type MemberAction } from "./staff-forms.ts";

/** The network's units, for a secretary's checkboxes: active ones, and inactive ones she keeps. */
async function unitChoices(call: GestorCall, kept: readonly string[] = []) {
  const { units } = await call(catalogue.listUnits, { storeId: getEnv().STORE_ID });
  return units
    .filter((unit) => unit.active || kept.includes(unit.CODCOLIGADA))
    .map((unit) => ({ value: unit.CODCOLIGADA, label: `${unit.CODCOLIGADA} · ${unit.name}` }));
}

export async function teamPage(request: Request) {
  const { call, staff } = await requireAdmin(request);
  const [{ members }, units] = await Promise.all([call(gestorTeam.list, {}), unitChoices(call)]);
  return { members, selfId: staff.id, units };
}

/** A refusal of the API; a 5xx or anything unknown goes on to the error page. */
function refusal(error: unknown): StoreApiError {
  if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
  return error;
}

export async function invite(request: Request) {
  const { call } = await requireAdmin(request);
  const formData = await request.formData();
  if (formData.get("intent") !== "invite") return data({ invited: null }, { status: 400 });
  const submission = parseWithZod(formData, { schema: inviteSchema });
  if (submission.status !== "success") return formReply({ invited: null, result: submission.reply() }, 400);
  try {
    const { member, link } = await call(gestorTeam.invite, {}, { body: submission.value });
    return formReply({
      invited: { name: member.name, email: member.email, link },
      result: submission.reply({ resetForm: true }),
    });
  } catch (error) {
    const refused = refusal(error);
    return formReply({ invited: null, result: submission.reply({ formErrors: [refused.message] }) }, refused.status);
  }
}

export async function memberPage(request: Request, staffId: string) {
  const { call, staff } = await requireAdmin(request);
  try {
    const { member } = await call(gestorTeam.get, { staffId });
    return { member, self: member.id === staff.id, units: await unitChoices(call, member.unitCodes) };
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 404)
      throw new Response(error.message, { status: 404, statusText: "Not Found" });
    throw error;
  }
}

const DONE: Record<Exclude<MemberAction["intent"], "password-link">, string> = {
  role: "Perfil alterado. Se o acesso diminuiu, as sessões da pessoa foram encerradas.",
  deactivate: "Pessoa desativada. As sessões dela foram encerradas.",
  reactivate: "Pessoa reativada.",
  "reset-totp": "Verificação em duas etapas redefinida. A pessoa vai configurá-la de novo ao entrar.",
};

export async function memberAction(request: Request, staffId: string) {
  const { call } = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: memberActionSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Ação desconhecida.";
    return formReply({ error: message, link: null }, 400);
  }
  const action = submission.value;
  const params = { staffId };
  try {
    if (action.intent === "password-link") {
      const { link } = await call(gestorTeam.sendPasswordLink, params);
      return formReply({ error: null, link });
    }
    if (action.intent === "role")
      await call(gestorTeam.changeRole, params, { body: { role: action.role, unitCodes: action.unitCodes } });
    else if (action.intent === "deactivate") await call(gestorTeam.deactivate, params);
    else if (action.intent === "reactivate") await call(gestorTeam.reactivate, params);
    else await call(gestorTeam.resetTotp, params);
  } catch (error) {
    const refused = refusal(error);
    return formReply({ error: refused.message, link: null }, refused.status);
  }
  return toasts().redirectWithSuccess(`${GESTOR_PATHS.team}/${staffId}`, DONE[action.intent]);
}
