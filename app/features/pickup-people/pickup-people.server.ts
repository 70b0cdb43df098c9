/**
 * /conta's "Quem pode retirar" (issue 30; docs/decisions/0076-pickup-code.md): the people the
 * account names to pick up its orders. A store API without the calls (decision 0026) leaves
 * the section out; the store API enforces every rule, whatever the page did.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { PICKUP_PEOPLE_MESSAGES, pickupPersonFields, type PickupPerson } from "#api/contract/pickup-people.ts";
import type { AccountPageReply } from "#app/features/accounts/account-page-reply.ts";
import { formNonce, formReply } from "#app/.server/form-reply.server.ts";
import { requireCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError, type StoreApiClient } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { PICKUP_PEOPLE_ANCHOR } from "./pickup-people-intents.ts";

export { PICKUP_PEOPLE_INTENTS } from "./pickup-people-intents.ts";

const BACK = `/conta#${PICKUP_PEOPLE_ANCHOR}`;
/** A form posted to a store API without the calls (its section is not shown then): a stale page. */
const UNAVAILABLE = "A indicação de quem pode retirar não está disponível nesta loja.";
/** The store API's refusals that are about the CPF typed: shown under the field. */
const CPF_REFUSALS: readonly string[] = [PICKUP_PEOPLE_MESSAGES.duplicate, PICKUP_PEOPLE_MESSAGES.ownCpf];

/** What the section shows: hidden without the calls; null people when they could not be read now. */
export type PickupPeopleSection = { supported: false } | { supported: true; people: PickupPerson[] | null };

export async function loadPickupPeople(api: StoreApiClient): Promise<PickupPeopleSection> {
  if (!api.supports("listPickupPeople")) return { supported: false };
  try {
    return { supported: true, people: await api.listPickupPeople() };
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    console.error("[conta] pessoas para retirada indisponíveis:", error.message);
    return { supported: true, people: null };
  }
}

function personReply(result: Extract<AccountPageReply, { form: "pickup-person" }>["result"], status: number) {
  const body: AccountPageReply = { form: "pickup-person", nonce: formNonce(), result };
  return formReply(body, status);
}

/** Names a person; a refusal comes back in the form, with what was typed. */
export async function addPickupPersonAction({ context }: RequestArgs, formData: FormData) {
  requireCustomer(context);
  const submission = parseWithZod(formData, { schema: pickupPersonFields });
  if (submission.status !== "success") return personReply(submission.reply(), 400);
  const api = storeApi(context);
  if (!api.supports("addPickupPerson")) return toasts().redirectWithError("/conta", UNAVAILABLE);
  try {
    await api.addPickupPerson(submission.value);
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    const refusal = CPF_REFUSALS.includes(error.message)
      ? submission.reply({ fieldErrors: { cpf: [error.message] } })
      : submission.reply({ formErrors: [error.message] });
    return personReply(refusal, error.status);
  }
  return toasts().redirectWithSuccess(BACK, PICKUP_PEOPLE_MESSAGES.added);
}

/** "Excluir": a person already gone (a second tab) says so, and nothing else changes. */
export async function removePickupPersonAction({ context }: RequestArgs, formData: FormData) {
  requireCustomer(context);
  const id = String(formData.get("personId") ?? "")
    .trim()
    .slice(0, 64);
  const api = storeApi(context);
  if (!api.supports("removePickupPerson")) return toasts().redirectWithError("/conta", UNAVAILABLE);
  try {
    await api.removePickupPerson(id);
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    return toasts().redirectWithError(BACK, error.message);
  }
  return toasts().redirectWithSuccess(BACK, PICKUP_PEOPLE_MESSAGES.removed);
}
