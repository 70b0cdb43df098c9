import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { AccessValues, BasicsValues, RegistrationReply } from "#app/features/accounts/registration/registration-reply.ts";
import { citiesOf, findCity, isState } from "#app/lib/ibge/index.ts";
import { withCityOfState } from "#app/features/address/city-of-state.ts";
import { registrationAccessSchema, registrationBasicsSchema } from "#app/features/accounts/account-schemas.ts";
import { redirectTarget } from "../login.server.ts";
import { lookupCep } from "#app/features/address/cep.server.ts";
import { StoreApiError, storeApiFor } from "#app/.server/store-api/index.server.ts";

const ACCESS_KEYS = ["name", "email", "password", "passwordConfirmation", "terms"] as const;
const BASICS_KEYS = ["cpf", "birthDate", "cellPhone", "zipcode", "state", "city", "neighborhood", "houseNumber", "street"] as const;

const text = (formData: FormData, key: string) => String(formData.get(key) ?? "").slice(0, 200);
const accessOf = (formData: FormData) =>
  Object.fromEntries(ACCESS_KEYS.map((key) => [key, text(formData, key)])) as unknown as AccessValues;
const basicsOf = (formData: FormData) =>
  Object.fromEntries(BASICS_KEYS.map((key) => [key, text(formData, key)])) as BasicsValues;

const nonce = () => crypto.randomUUID();
// The replies carry what the person typed, passwords included: never cache them.
const NO_STORE = { "Cache-Control": "no-store" };

function reply(body: RegistrationReply, status = 200) {
  return data(body, { status, headers: NO_STORE });
}

function stepTwo(access: AccessValues, fields: Partial<RegistrationReply & { step: 2 }>, status = 200) {
  const state = fields.values?.state ?? "";
  return reply(
    {
      step: 2,
      nonce: nonce(),
      access,
      cepFound: false,
      cities: isState(state) ? citiesOf(state).map((city) => city.nome) : [],
      toast: null,
      ...fields,
    },
    status,
  );
}

/** The three-step sign-up of spec §2, driven by the submit button's intent. */
export async function register(request: Request, formData: FormData) {
  const answer = await nextStep(request, formData);
  answer.data.redirectTo = redirectTarget(formData);
  return answer;
}

async function nextStep(request: Request, formData: FormData) {
  const intent = formData.get("intent");
  const access = accessOf(formData);

  if (intent === "access") {
    const submission = parseWithZod(formData, { schema: registrationAccessSchema });
    if (submission.status !== "success") {
      return reply(
        { step: 1, nonce: nonce(), result: submission.reply({ hideFields: ["password", "passwordConfirmation"] }), toast: null },
        400,
      );
    }
    return stepTwo(access, { values: {} });
  }

  if (intent === "back") return reply({ step: 1, nonce: nonce(), values: access, toast: null });

  // Every step-2 intent needs a valid step 1 (hidden fields): anything else is a forged post.
  const accessSubmission = parseWithZod(formData, { schema: registrationAccessSchema });
  if (accessSubmission.status !== "success") {
    return reply({ step: 1, nonce: nonce(), values: { ...access, password: "", passwordConfirmation: "" }, toast: null }, 400);
  }
  const basics = basicsOf(formData);

  if (intent === "cep") {
    const address = await lookupCep(basics.zipcode);
    if (!address) return stepTwo(access, { values: basics });
    const city = findCity(address.state, address.city)?.nome ?? address.city;
    return stepTwo(access, {
      values: { ...basics, state: address.state, city, neighborhood: address.neighborhood || basics.neighborhood, street: address.street || basics.street },
      cepFound: true,
      focus: "houseNumber",
    });
  }

  if (intent === "cities") return stepTwo(access, { values: { ...basics, city: "" } });

  if (intent === "basics") {
    const submission = parseWithZod(formData, { schema: withCityOfState(registrationBasicsSchema) });
    if (submission.status !== "success") return stepTwo(access, { values: basics, result: submission.reply() }, 400);
    const accessValue = accessSubmission.value;
    try {
      await storeApiFor(request).createCustomer({
        name: accessValue.name,
        email: accessValue.email,
        password: accessValue.password,
        ...submission.value,
      });
    } catch (error) {
      if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
      return stepTwo(access, { values: basics, toast: error.message }, error.status);
    }
    return reply({
      step: 3,
      nonce: nonce(),
      credentials: { email: accessValue.email, password: accessValue.password },
      toast: "Conta criada com sucesso!",
    });
  }

  return reply({ step: 1, nonce: nonce(), values: access, toast: null }, 400);
}
