import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Customer, SaleBag } from "#api/contract/index.ts";
import type { AccountPageReply, ProfileReply, ProfileValues } from "#app/features/accounts/account-page-reply.ts";
import { citiesOf, findCity, isState } from "#app/lib/ibge/index.ts";
import { maskCep, maskCpf, maskPhone } from "#app/lib/masks.ts";
import { SALE_DETAILS_PARAM } from "#app/features/orders/sales.ts";
import { withCityOfState } from "#app/features/address/city-of-state.ts";
import { passwordChangeSchema, profileSchema } from "#app/features/accounts/account-schemas.ts";
import { loadAccountStudents, removeLinkAction } from "#app/features/students/my-students.server.ts";
import { lookupCep } from "#app/features/address/cep.server.ts";
import { commitCustomerSession, getSession, requireCustomer, type SessionCustomer } from "#app/.server/session.server.ts";
import { endSessionOn401 } from "#app/.server/session-expiry.server.ts";
import { StoreApiError, storeApiFor } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";

const PROFILE_KEYS = [
  "name",
  "cellPhone",
  "cpf",
  "birthDate",
  "zipcode",
  "state",
  "city",
  "neighborhood",
  "street",
  "houseNumber",
] as const satisfies readonly (keyof ProfileValues)[];

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "passwordConfirmation"];
// Replies carry personal data: never kept by a cache.
const NO_STORE = { "Cache-Control": "no-store" };

const profileServerSchema = withCityOfState(profileSchema);

/** The API answered with an error worth telling the person; a 401 ends the session instead. */
function apiFailure(error: unknown): StoreApiError {
  if (error instanceof StoreApiError && error.status !== 401) return error;
  endSessionOn401(error);
}

function citiesFor(state: string): string[] {
  return isState(state) ? citiesOf(state).map((city) => city.nome) : [];
}

function profileValuesOf(customer: Customer): ProfileValues {
  return {
    name: customer.name,
    cellPhone: maskPhone(customer.cellPhone),
    cpf: maskCpf(customer.cpf),
    birthDate: customer.birthDate,
    zipcode: maskCep(customer.zipcode),
    state: customer.state,
    city: findCity(customer.state, customer.city)?.nome ?? customer.city,
    neighborhood: customer.neighborhood,
    street: customer.street,
    houseNumber: customer.houseNumber,
  };
}

const text = (formData: FormData, key: string) => String(formData.get(key) ?? "").slice(0, 200);

function submittedProfile(formData: FormData): ProfileValues {
  return Object.fromEntries(PROFILE_KEYS.map((key) => [key, text(formData, key)])) as ProfileValues;
}

function profileReply(values: ProfileValues, fields: Partial<ProfileReply> = {}, status = 200) {
  const body: AccountPageReply = {
    form: "profile",
    nonce: crypto.randomUUID(),
    values,
    cities: citiesFor(values.state),
    toast: null,
    ...fields,
  };
  return data(body, { status, headers: NO_STORE });
}

function passwordReply(fields: Omit<Extract<AccountPageReply, { form: "password" }>, "form" | "nonce">, status: number) {
  const body: AccountPageReply = { form: "password", nonce: crypto.randomUUID(), ...fields };
  return data(body, { status, headers: NO_STORE });
}

/** Keeps the session's login time (spec §4: 24 h after login) while changing what it holds. */
async function refreshSession(request: Request, token: string, customer: SessionCustomer) {
  const expiresAt = (await getSession(request)).get("expiresAt");
  return commitCustomerSession(request, { token, customer }, expiresAt);
}

/** Everything /conta shows: the whole customer, the order history and, when asked, one sale's bags. */
export async function loadAccountPage(request: Request) {
  const { customer: summary, token } = await requireCustomer(request);
  const api = storeApiFor(request, token);
  const url = new URL(request.url);
  const saleId = url.searchParams.get(SALE_DETAILS_PARAM)?.trim().slice(0, 64) || null;

  const [customer, sales, saleBags, students] = await Promise.all([
    api.getCustomer(summary.id).catch(endSessionOn401),
    api.listSalesByCustomer(summary.id).catch((error: unknown) => {
      console.error("[conta] pedidos indisponíveis:", apiFailure(error).message);
      return null;
    }),
    saleId
      ? api.listSaleBagsBySale(saleId).catch((error: unknown): SaleBag[] | null => {
          if (apiFailure(error).status !== 404) console.error("[conta] compra indisponível:", (error as Error).message);
          return null;
        })
      : null,
    loadAccountStudents(api, summary.id, url),
  ]);

  const values = profileValuesOf(customer);
  return {
    email: customer.email,
    profile: { values, cities: citiesFor(values.state) },
    sales,
    selectedSale: saleId ? { id: saleId, bags: saleBags } : null,
    students,
  };
}

/** Profile form intents: "profile" saves; "cep" and "cities" re-render it filled in. */
type CurrentCustomer = Awaited<ReturnType<typeof requireCustomer>>;

async function profileAction(request: Request, current: CurrentCustomer, formData: FormData, intent: "profile" | "cep" | "cities") {
  const values = submittedProfile(formData);

  if (intent === "cep") {
    const address = await lookupCep(values.zipcode);
    // Spec §8: a failed lookup is silent; the state and city stay selectable.
    if (!address) return profileReply(values);
    return profileReply(
      {
        ...values,
        zipcode: maskCep(address.cep),
        state: address.state,
        city: findCity(address.state, address.city)?.nome ?? address.city,
        neighborhood: address.neighborhood || values.neighborhood,
        street: address.street || values.street,
      },
      { focus: "houseNumber" },
    );
  }

  if (intent === "cities") {
    return profileReply({ ...values, city: findCity(values.state, values.city)?.nome ?? "" });
  }

  const submission = parseWithZod(formData, { schema: profileServerSchema });
  if (submission.status !== "success") return profileReply(values, { result: submission.reply() }, 400);
  const { customer, token } = current;
  try {
    const updated = await storeApiFor(request, token).updateCustomer(customer.id, submission.value);
    const cookie = await refreshSession(request, token, { ...customer, name: updated?.name ?? submission.value.name });
    return toasts().redirectWithSuccess("/conta", "Dados alterados com sucesso!", { headers: { "set-cookie": cookie } });
  } catch (error) {
    const failure = apiFailure(error);
    // Spec §8: the API's error.message in a red toast; the form keeps what was typed.
    return profileReply(values, { result: submission.reply(), toast: failure.message }, failure.status);
  }
}

async function passwordAction(request: Request, current: CurrentCustomer, formData: FormData) {
  const submission = parseWithZod(formData, { schema: passwordChangeSchema });
  if (submission.status !== "success") {
    return passwordReply({ result: submission.reply({ hideFields: PASSWORD_FIELDS }), toast: null }, 400);
  }
  const { customer, token } = current;
  try {
    const auth = await storeApiFor(request, token).updateCustomerPassword(customer.id, submission.value);
    // The API ends every session on a password change and answers a fresh token for this one.
    const cookie = await refreshSession(request, auth?.token ?? token, customer);
    return toasts().redirectWithSuccess("/conta", "Senha alterada com sucesso!", { headers: { "set-cookie": cookie } });
  } catch (error) {
    const failure = apiFailure(error);
    return passwordReply({ result: submission.reply({ hideFields: PASSWORD_FIELDS }), toast: failure.message }, failure.status);
  }
}

/** The /conta action (CSRF already checked): the submit button's intent picks the form. */
export async function accountPageAction(request: Request, formData: FormData) {
  const current = await requireCustomer(request);
  const intent = formData.get("intent");
  switch (intent) {
    case "profile":
    case "cep":
    case "cities":
      return profileAction(request, current, formData, intent);
    case "password":
      return passwordAction(request, current, formData);
    case "remove-link":
      return removeLinkAction(request, current, formData);
    default:
      throw data("Ação desconhecida.", { status: 400 });
  }
}
