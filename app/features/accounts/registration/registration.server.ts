import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { BasicsValues, RegistrationReply } from "#app/features/accounts/registration/registration-reply.ts";
import { registrationAccessSchema, registrationBasicsSchema } from "#app/features/accounts/account-schemas.ts";
import {
  cepStillNotFound,
  citiesFor,
  CUSTOMER_ADDRESS,
  settleStateAndCity,
  withCityOfChosenState,
  withLookedUpAddress,
} from "#app/features/address/address-form.server.ts";
import { withCityOfState } from "#core/validation/city-of-state.ts";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import { formNonce, formReply, typedValues } from "#app/.server/form-reply.server.ts";
import { storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { isWeakPassword, WEAK_PASSWORD } from "#api/accounts/password-strength.ts";
import {
  CONSENT_LATER,
  consentTicked,
  giveConsentAtSignUp,
  whatsappConsentAsked,
} from "#app/features/messages/whatsapp-consent.server.ts";
import { enterAccount, redirectTarget } from "../login.server.ts";
import { clearDraft, grantDraft, readDraft, startDraft, type RegistrationDraft } from "./registration-draft.server.ts";

export const DRAFT_EXPIRED = "Seu cadastro expirou. Preencha os dados de acesso novamente.";
export const LOG_IN_AFTER_SIGN_UP = "Conta criada! Entre com o e-mail e a senha que você cadastrou.";

const ACCESS_KEYS = ["name", "email", "terms"] as const;
const BASICS_KEYS = [
  "cpf",
  "birthDate",
  "cellPhone",
  "zipcode",
  "state",
  "city",
  "neighborhood",
  "houseNumber",
  "complement",
  "street",
] as const;

const HIDE_PASSWORDS = { hideFields: ["password", "passwordConfirmation"] };

/** The form's reply, uncached, with the draft's Set-Cookie when it changed. */
function reply(body: RegistrationReply, status = 200, cookie?: string) {
  const answer = formReply(body, status);
  if (!cookie) return answer;
  const headers = new Headers(answer.init?.headers);
  headers.append("set-cookie", cookie);
  return data(answer.data, { ...answer.init, headers });
}

function stepOne(fields: Partial<Extract<RegistrationReply, { step: 1 }>>, status = 200, cookie?: string) {
  return reply({ step: 1, nonce: formNonce(), toast: null, ...fields }, status, cookie);
}

function stepTwo(
  draft: RegistrationDraft,
  fields: Partial<Extract<RegistrationReply, { step: 2 }>>,
  status = 200,
  cookie?: string,
) {
  const state = fields.values?.state ?? "";
  return reply(
    {
      step: 2,
      nonce: formNonce(),
      draft: draft.id,
      cepNotFound: false,
      cities: citiesFor(state),
      toast: null,
      ...fields,
    },
    status,
    cookie,
  );
}

/**
 * The three-step sign-up of spec §2, driven by the submit button's intent. Step 1's data waits
 * in an encrypted draft (registration-draft.server.ts), so no page carries the password.
 */
export async function register(args: RequestArgs, formData: FormData) {
  if (formData.get("intent") === "enter") return enter(args, formData);
  const answer = await nextStep(args, formData);
  answer.data.redirectTo = redirectTarget(formData);
  // Step 2 asks for WhatsApp consent where the store has it (issue 31), keeping the box as ticked.
  if (answer.data.step === 2 && (await whatsappConsentAsked(storeApi(args.context))))
    answer.data.whatsapp = { ticked: consentTicked(formData) };
  return answer;
}

async function nextStep({ request, context }: RequestArgs, formData: FormData) {
  const intent = formData.get("intent");

  if (intent === "access") {
    const submission = parseWithZod(formData, { schema: registrationAccessSchema });
    if (submission.status !== "success") return stepOne({ result: submission.reply(HIDE_PASSWORDS) }, 400);
    const { name, email, password } = submission.value;
    // The store API's rule (one home), asked here so the message shows on step 1's field.
    if (isWeakPassword(password, { name, email })) {
      return stepOne(
        { result: submission.reply({ ...HIDE_PASSWORDS, fieldErrors: { password: [WEAK_PASSWORD] } }) },
        400,
      );
    }
    const { draft, cookie } = await startDraft({ name, email, password });
    return stepTwo(draft, { values: {} }, 200, cookie);
  }

  const draft = await readDraft(request, formData);
  const typedAccess = typedValues(formData, ACCESS_KEYS);
  if (intent === "back") {
    const access = draft?.access;
    return stepOne({ values: access ? { name: access.name, email: access.email, terms: "on" } : typedAccess });
  }

  // Every step-2 intent needs this sign-up's step 1: a lost, expired or forged draft starts over.
  if (!draft?.access) return stepOne({ toast: DRAFT_EXPIRED }, 400);
  // Saving, the CEP decides state and city (spec §5); else the form says whether its lookup failed.
  const settled = intent === "basics" ? await settleStateAndCity(formData, CUSTOMER_ADDRESS) : null;
  const basics: BasicsValues = typedValues(formData, BASICS_KEYS);
  const cepNotFound = settled?.cepNotFound ?? cepStillNotFound(formData, basics.zipcode);

  if (intent === "cep") {
    const lookup = await withLookedUpAddress(basics, CUSTOMER_ADDRESS);
    return stepTwo(draft, {
      values: lookup.values,
      ...(lookup.found ? { focus: "houseNumber" } : { cepNotFound: lookup.cepNotFound }),
    });
  }

  if (intent === "cities") {
    return stepTwo(draft, { values: withCityOfChosenState(basics, CUSTOMER_ADDRESS), cepNotFound });
  }

  if (intent === "basics") {
    const submission = parseWithZod(formData, { schema: withCityOfState(registrationBasicsSchema) });
    if (submission.status !== "success") {
      return stepTwo(draft, { values: basics, cepNotFound, result: submission.reply() }, 400);
    }
    const { access } = draft;
    const api = storeApi(context);
    try {
      await api.createCustomer({ ...access, ...submission.value });
    } catch (error) {
      if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
      return stepTwo(draft, { values: basics, cepNotFound, toast: error.message }, error.status);
    }
    // Logged in now, while the password is at hand; "Acessar" turns the grant into the session.
    const grant = await api.authCustomer(access.email, access.password).catch((error: unknown) => {
      if (error instanceof StoreApiError && error.status < 500) return undefined;
      throw error;
    });
    // The consent ticked (issue 31) goes with the new login's token; its failure keeps the account
    // and says why: the store API's reason when it refused it (a 4xx), else CONSENT_LATER.
    let consentNotice: string | null = null;
    if (consentTicked(formData))
      consentNotice = grant ? await giveConsentAtSignUp(request, grant.token) : CONSENT_LATER;
    return reply(
      {
        step: 3,
        nonce: formNonce(),
        draft: draft.id,
        toast: "Conta criada com sucesso!",
        ...(consentNotice ? { notice: consentNotice } : {}),
      },
      200,
      await grantDraft(draft, grant),
    );
  }

  return stepOne({ values: typedAccess }, 400);
}

/**
 * Step 3's "Acessar" (spec §2): the grant made at creation becomes the session, once. Without
 * it (expired, used, or the login at creation refused) the login tab asks for the password.
 */
async function enter({ request }: RequestArgs, formData: FormData) {
  const draft = await readDraft(request, formData);
  const redirectTo = redirectTarget(formData);
  const cleared = await clearDraft();
  if (draft?.grant) return enterAccount(request, draft.grant, redirectTo, [cleared]);
  const loginTab = hrefWithParam(
    new URL(redirectTo, "http://loja.local"),
    URL_STATE.account.key,
    URL_STATE.account.login,
  );
  return toasts().redirectWithInfo(loginTab, LOG_IN_AFTER_SIGN_UP, { headers: { "set-cookie": cleared } });
}
