import { parseWithZod } from "@conform-to/zod/v4";
import type {
  AccessValues,
  BasicsValues,
  RegistrationReply,
} from "#app/features/accounts/registration/registration-reply.ts";
import { registrationAccessSchema, registrationBasicsSchema } from "#app/features/accounts/account-schemas.ts";
import {
  citiesFor,
  CUSTOMER_ADDRESS,
  withCityOfChosenState,
  withLookedUpAddress,
} from "#app/features/address/address-form.server.ts";
import { withCityOfState } from "#app/features/address/city-of-state.ts";
import { formNonce, formReply, typedValues } from "#app/.server/form-reply.server.ts";
import { storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { redirectTarget } from "../login.server.ts";

const ACCESS_KEYS = ["name", "email", "password", "passwordConfirmation", "terms"] as const;
const BASICS_KEYS = [
  "cpf",
  "birthDate",
  "cellPhone",
  "zipcode",
  "state",
  "city",
  "neighborhood",
  "houseNumber",
  "street",
] as const;

const accessOf = (formData: FormData): AccessValues => typedValues(formData, ACCESS_KEYS);
const basicsOf = (formData: FormData): BasicsValues => typedValues(formData, BASICS_KEYS);

function reply(body: RegistrationReply, status = 200) {
  return formReply(body, status);
}

function stepTwo(access: AccessValues, fields: Partial<RegistrationReply & { step: 2 }>, status = 200) {
  const state = fields.values?.state ?? "";
  return reply(
    {
      step: 2,
      nonce: formNonce(),
      access,
      cepFound: false,
      cities: citiesFor(state),
      toast: null,
      ...fields,
    },
    status,
  );
}

/** The three-step sign-up of spec §2, driven by the submit button's intent. */
export async function register(args: RequestArgs, formData: FormData) {
  const answer = await nextStep(args, formData);
  answer.data.redirectTo = redirectTarget(formData);
  return answer;
}

async function nextStep({ context }: RequestArgs, formData: FormData) {
  const intent = formData.get("intent");
  const access = accessOf(formData);

  if (intent === "access") {
    const submission = parseWithZod(formData, { schema: registrationAccessSchema });
    if (submission.status !== "success") {
      return reply(
        {
          step: 1,
          nonce: formNonce(),
          result: submission.reply({ hideFields: ["password", "passwordConfirmation"] }),
          toast: null,
        },
        400,
      );
    }
    return stepTwo(access, { values: {} });
  }

  if (intent === "back") return reply({ step: 1, nonce: formNonce(), values: access, toast: null });

  // Every step-2 intent needs a valid step 1 (hidden fields): anything else is a forged post.
  const accessSubmission = parseWithZod(formData, { schema: registrationAccessSchema });
  if (accessSubmission.status !== "success") {
    return reply(
      { step: 1, nonce: formNonce(), values: { ...access, password: "", passwordConfirmation: "" }, toast: null },
      400,
    );
  }
  const basics = basicsOf(formData);

  if (intent === "cep") {
    const filled = await withLookedUpAddress(basics, CUSTOMER_ADDRESS);
    return filled
      ? stepTwo(access, { values: filled, cepFound: true, focus: "houseNumber" })
      : stepTwo(access, { values: basics });
  }

  if (intent === "cities") return stepTwo(access, { values: withCityOfChosenState(basics, CUSTOMER_ADDRESS) });

  if (intent === "basics") {
    const submission = parseWithZod(formData, { schema: withCityOfState(registrationBasicsSchema) });
    if (submission.status !== "success") return stepTwo(access, { values: basics, result: submission.reply() }, 400);
    const accessValue = accessSubmission.value;
    try {
      await storeApi(context).createCustomer({
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
      nonce: formNonce(),
      credentials: { email: accessValue.email, password: accessValue.password },
      toast: "Conta criada com sucesso!",
    });
  }

  return reply({ step: 1, nonce: formNonce(), values: access, toast: null }, 400);
}
