import { parseWithZod } from "@conform-to/zod/v4";
import { keepsProfile } from "#app/features/accounts/customer-profile.server.ts";
import { data } from "react-router";
import type { Customer, SaleBag } from "#api/contract/index.ts";
import type { AccountPageReply, ProfileReply, ProfileValues } from "#app/features/accounts/account-page-reply.ts";
import { passwordChangeSchema, profileSchema } from "#app/features/accounts/account-schemas.ts";
import { newPasswordRefusal } from "#app/features/accounts/new-password-refusal.ts";
import {
  citiesFor,
  CUSTOMER_ADDRESS,
  cepStillNotFound,
  settleStateAndCity,
  withCityOfChosenState,
  withLookedUpAddress,
} from "#app/features/address/address-form.server.ts";
import { withCityOfState } from "#core/validation/city-of-state.ts";
import { loadCustomerProfile } from "#app/features/accounts/customer-profile.server.ts";
import { SALE_DETAILS_PARAM } from "#app/lib/url-state.ts";
import { PIX_INTENTS } from "#app/features/orders/pix.ts";
import { pixAction, sandboxPixShown } from "#app/features/orders/pix.server.ts";
import { deleteAccountAction, privacyRequests } from "#app/features/privacy/account-privacy.server.ts";
import { loadAccountStudents, removeLinkAction } from "#app/features/students/my-students.server.ts";
import { REMOVE_LINK_INTENT } from "#app/features/students/remove-link-dialog.tsx";
import { findCity } from "#core/ibge/index.ts";
import { maskCep, maskCpf, maskPhone } from "#core/masks.ts";
import { formNonce, formReply, typedValues } from "#app/.server/form-reply.server.ts";
import { storeUnits } from "#app/.server/school-units.server.ts";
import { bagsWithPickup } from "#app/features/orders/pickup.server.ts";
import { shownPickupCode } from "#app/features/orders/pickup-code.server.ts";
import {
  addPickupPersonAction,
  loadPickupPeople,
  PICKUP_PEOPLE_INTENTS,
  removePickupPersonAction,
} from "#app/features/pickup-people/pickup-people.server.ts";
import {
  loadWhatsappSection,
  WHATSAPP_CONSENT_INTENT,
  whatsappConsentAction,
} from "#app/features/messages/whatsapp-consent.server.ts";
import { requireCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import {
  commitCustomerSession,
  getSession,
  getSessionProfile,
  type SessionCustomer,
} from "#app/.server/session.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
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
  "complement",
] as const satisfies readonly (keyof ProfileValues)[];

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "passwordConfirmation"];

const profileServerSchema = withCityOfState(profileSchema);

/** The API's refusal worth telling the person; anything else goes on (a 401 already ended the session). */
function apiFailure(error: unknown): StoreApiError {
  if (error instanceof StoreApiError) return error;
  throw error;
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
    complement: customer.complement ?? "",
  };
}

function profileReply(values: ProfileValues, fields: Partial<ProfileReply> = {}, status = 200) {
  const body: AccountPageReply = {
    form: "profile",
    nonce: formNonce(),
    values,
    cities: citiesFor(values.state),
    cepNotFound: false,
    toast: null,
    ...fields,
  };
  return formReply(body, status);
}

function passwordReply(
  fields: Omit<Extract<AccountPageReply, { form: "password" }>, "form" | "nonce">,
  status: number,
) {
  const body: AccountPageReply = { form: "password", nonce: formNonce(), ...fields };
  return formReply(body, status);
}

/** Keeps the session's login time (spec §4: 24 h after login) while changing what it holds. */
async function refreshSession(request: Request, token: string, customer: SessionCustomer | Customer) {
  const expiresAt = (await getSession(request)).get("expiresAt");
  return commitCustomerSession(request, { token, customer }, expiresAt, keepsProfile());
}

/** Everything /conta shows: the whole customer, the order history and, when asked, one sale's bags. */
export async function loadAccountPage(args: RequestArgs) {
  const { customer: summary } = requireCustomer(args.context);
  const api = storeApi(args.context);
  const saleId = new URL(args.request.url).searchParams.get(SALE_DETAILS_PARAM)?.trim().slice(0, 64) || null;

  const [customer, sales, saleBags, students, units, pickupPeople, whatsapp] = await Promise.all([
    loadCustomerProfile(args),
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
    loadAccountStudents(args),
    saleId ? storeUnits(api) : [],
    loadPickupPeople(api),
    loadWhatsappSection(api),
  ]);

  const values = profileValuesOf(customer);
  const selected = saleId ? sales?.find((sale) => sale.id === saleId) : undefined;
  return {
    email: customer.email,
    profile: { values, cities: citiesFor(values.state) },
    sales,
    selectedSale: saleId
      ? {
          id: saleId,
          bags: saleBags && bagsWithPickup(units, saleBags),
          pickup: selected && saleBags ? await shownPickupCode(selected) : null,
        }
      : null,
    pickupPeople,
    whatsapp,
    students,
    sandboxPix: sandboxPixShown(),
    pixRenewal: api.supports("renewPix"),
    privacy: privacyRequests(api),
  };
}

/** Profile form intents: "profile" saves; "cep" and "cities" re-render it filled in. */
async function profileAction(
  { request, context }: RequestArgs,
  formData: FormData,
  intent: "profile" | "cep" | "cities",
) {
  // Saving, the CEP decides state and city (spec §5); else the form says whether its lookup failed.
  const settled = intent === "profile" ? await settleStateAndCity(formData, CUSTOMER_ADDRESS) : null;
  const values = typedValues(formData, PROFILE_KEYS);
  const cepNotFound = settled?.cepNotFound ?? cepStillNotFound(formData, values.zipcode);
  if (intent === "cep") {
    const lookup = await withLookedUpAddress(values, CUSTOMER_ADDRESS);
    return profileReply(lookup.values, lookup.found ? { focus: "houseNumber" } : { cepNotFound: lookup.cepNotFound });
  }
  if (intent === "cities") return profileReply(withCityOfChosenState(values, CUSTOMER_ADDRESS), { cepNotFound });

  const submission = parseWithZod(formData, { schema: profileServerSchema });
  if (submission.status !== "success") return profileReply(values, { result: submission.reply(), cepNotFound }, 400);
  const { customer, token } = requireCustomer(context);
  try {
    const updated = await storeApi(context).updateCustomer(customer.id, submission.value);
    // The session's copy of the customer follows (0026): the API's reply, or what it accepted.
    const saved = await getSessionProfile(request);
    const cookie = await refreshSession(
      request,
      token,
      updated ?? (saved ? { ...saved, ...submission.value } : { ...customer, name: submission.value.name }),
    );
    return toasts().redirectWithSuccess("/conta", "Dados alterados com sucesso!", {
      headers: { "set-cookie": cookie },
    });
  } catch (error) {
    const failure = apiFailure(error);
    // Spec §8: the API's error.message in a red toast; the form keeps what was typed.
    return profileReply(values, { result: submission.reply(), cepNotFound, toast: failure.message }, failure.status);
  }
}

async function passwordAction({ request, context }: RequestArgs, formData: FormData) {
  const submission = parseWithZod(formData, { schema: passwordChangeSchema });
  if (submission.status !== "success") {
    return passwordReply({ result: submission.reply({ hideFields: PASSWORD_FIELDS }), toast: null }, 400);
  }
  const { customer, token } = requireCustomer(context);
  try {
    const auth = await storeApi(context).updateCustomerPassword(customer.id, submission.value);
    // The API ends every session on a password change and answers a fresh token for this one.
    const cookie = await refreshSession(request, auth?.token ?? token, customer);
    return toasts().redirectWithSuccess("/conta", "Senha alterada com sucesso!", { headers: { "set-cookie": cookie } });
  } catch (error) {
    const failure = apiFailure(error);
    const refusal = newPasswordRefusal(submission, failure.message, {
      field: "newPassword",
      hideFields: PASSWORD_FIELDS,
    });
    return passwordReply(refusal, failure.status);
  }
}

/** The /conta action: the submit button's intent picks the form. */
export async function accountPageAction(args: RequestArgs, formData: FormData) {
  requireCustomer(args.context);
  const intent = formData.get("intent");
  switch (intent) {
    case "profile":
    case "cep":
    case "cities":
      return profileAction(args, formData, intent);
    case "password":
      return passwordAction(args, formData);
    case REMOVE_LINK_INTENT:
      return removeLinkAction(args, formData);
    case "delete-account":
      return deleteAccountAction(args, formData);
    case PICKUP_PEOPLE_INTENTS.add:
      return addPickupPersonAction(args, formData);
    case PICKUP_PEOPLE_INTENTS.remove:
      return removePickupPersonAction(args, formData);
    case WHATSAPP_CONSENT_INTENT:
      return whatsappConsentAction(args, formData);
    case PIX_INTENTS.sandboxPay:
    case PIX_INTENTS.renew:
      return pixAction(args, formData, intent, () => "/conta#pedidos");
    default:
      throw data("Ação desconhecida.", { status: 400 });
  }
}
