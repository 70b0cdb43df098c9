import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import {
  CREATED_STUDENT_FIELD,
  NEW_STUDENT_INTENTS,
  RESPONSIBLE_KEYS,
  STUDENT_KEYS,
  STUDENT_PREFIX,
  type NewStudentIntent,
  type NewStudentReply,
  type ResponsibleValues,
  type StudentValues,
} from "#app/features/students/new-student/new-student-reply.ts";
import {
  cepStillNotFound,
  citiesFor,
  cityIn,
  settleStateAndCity,
  WIZARD_ADDRESS,
  withCityOfChosenState,
  withLookedUpAddress,
} from "#app/features/address/address-form.server.ts";
import type { CepFailure } from "#app/features/address/address-fields.tsx";
import { withCityOfStateFields } from "#core/validation/city-of-state.ts";
import { CHECKOUT_CPF_TOAST } from "#app/features/students/student-choices.ts";
import {
  checkoutNewStudentFormSchema,
  newStudentFormSchema,
  newStudentPayloadFromForm,
  responsibleStepSchema,
} from "#app/features/students/student-schemas.ts";
import { placeItemFor, type PlaceItem } from "#app/features/students/student-link.server.ts";
import { URL_STATE, withLinkState } from "#app/lib/url-state.ts";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import { formNonce, formReply, typedValues } from "#app/.server/form-reply.server.ts";
import { requireCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";

const { done: DONE_MODE } = URL_STATE.link;

/** The browser checks the fields; the server also checks each city against its state (IBGE). */
const serverSchemaOf = (schema: typeof newStudentFormSchema) =>
  withCityOfStateFields(withCityOfStateFields(schema, "estado", "cidade"), "estado_natal", "cidade_natal");
export const studentServerSchema = serverSchemaOf(newStudentFormSchema);
const checkoutStudentServerSchema = serverSchemaOf(checkoutNewStudentFormSchema);

/**
 * The checkout's wizard (spec §4, §5): the new student gets the waiting item at once (step 2
 * moves to 3, no "Completo" step), and a CPF failure is the red toast "CPF Inválido" with
 * the focus back on the field.
 */
export interface CheckoutWizard {
  place: PlaceItem;
  doneHref: string;
  listHref: (studentId: string) => string;
}
export const responsibleServerSchema = withCityOfStateFields(responsibleStepSchema, "estado", "cidade");

/** Conform's parse of plain values (step 2 carries step 1 under a prefix). */
function parseValues<S extends z.ZodType>(values: Record<string, string>, schema: S) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(values)) formData.set(key, value);
  return parseWithZod(formData, { schema });
}

type StepOne = Extract<NewStudentReply, { step: 1 }>;
type StepTwo = Extract<NewStudentReply, { step: 2 }>;

function stepOne(values: StudentValues, fields: Partial<StepOne> = {}, status = 200) {
  const body: StepOne = {
    wizard: "new-student",
    step: 1,
    nonce: formNonce(),
    values,
    birthCities: citiesFor(values.estado_natal),
    cities: citiesFor(values.estado),
    cepNotFound: false,
    toast: null,
    ...fields,
  };
  return formReply<NewStudentReply>(body, status);
}

function stepTwo(
  { student, studentCepNotFound }: { student: StudentValues; studentCepNotFound: CepFailure },
  createdStudentId: string | null,
  values: ResponsibleValues,
  fields: Partial<StepTwo> = {},
  status = 200,
) {
  const body: StepTwo = {
    wizard: "new-student",
    step: 2,
    nonce: formNonce(),
    student,
    studentCepNotFound,
    createdStudentId,
    values,
    cities: citiesFor(values.estado),
    cepNotFound: false,
    toast: null,
    ...fields,
  };
  return formReply<NewStudentReply>(body, status);
}

/** The responsible often lives with the student: step 2 starts with the student's address. */
function responsibleStart(student: StudentValues): ResponsibleValues {
  const { cep, estado, cidade, bairro, rua, numero } = student;
  return {
    nome: "",
    cpf: "",
    email: "",
    telefone1: "",
    parentesco: "",
    cep,
    estado,
    cidade,
    bairro,
    rua,
    numero,
    // Never ticked beforehand (LGPD art. 14): the adult ticks it.
    consentimento: "",
  };
}

export function isNewStudentIntent(intent: unknown): intent is NewStudentIntent {
  return NEW_STUDENT_INTENTS.includes(intent as NewStudentIntent);
}

/**
 * The link modal's new-student wizard (spec §2, §4 "Link wizard"): Estudante, then
 * Responsavel, then Completo. Nothing is stored until the responsible step is valid;
 * then the student is created and the responsible after it. Should the responsible
 * fail, the reply keeps the new student's id so a retry creates only the responsible.
 */
export async function newStudentAction(
  args: RequestArgs,
  formData: FormData,
  productPath: string,
  checkout?: CheckoutWizard,
) {
  const { context } = args;
  const { customer } = requireCustomer(context);
  const schema = checkout ? checkoutStudentServerSchema : studentServerSchema;
  /** Step 1 again with its errors: in the checkout a CPF failure also says so in a red toast. */
  const stepOneRefused = (student: StudentValues, result: SubmissionResult<string[]>, cepNotFound: CepFailure) =>
    stepOne(
      student,
      checkout && result.error?.cpf?.length
        ? { result, cepNotFound, toast: CHECKOUT_CPF_TOAST, focus: "cpf" }
        : { result, cepNotFound },
      400,
    );
  const intent = formData.get("intent");
  if (!isNewStudentIntent(intent)) throw data("Ação desconhecida.", { status: 400 });

  if (intent === "student-cep" || intent === "student-cities" || intent === "student-next") {
    // Going on, the CEP decides estado and cidade (spec §5); else the form says whether its lookup failed.
    const settled = intent === "student-next" ? await settleStateAndCity(formData, WIZARD_ADDRESS) : null;
    const student = typedValues(formData, STUDENT_KEYS);
    const cepNotFound = settled?.cepNotFound ?? cepStillNotFound(formData, student.cep);
    if (intent === "student-cep") {
      const lookup = await withLookedUpAddress(student, WIZARD_ADDRESS);
      return stepOne(lookup.values, lookup.found ? { focus: "numero" } : { cepNotFound: lookup.cepNotFound });
    }
    if (intent === "student-cities") {
      return stepOne(
        {
          ...withCityOfChosenState(student, WIZARD_ADDRESS),
          cidade_natal: cityIn(student.estado_natal, student.cidade_natal),
        },
        { cepNotFound },
      );
    }
    const submission = parseValues(student, schema);
    if (submission.status !== "success") return stepOneRefused(student, submission.reply(), cepNotFound);
    // The responsible's address starts as the student's, with lists too when its lookup failed.
    return stepTwo({ student, studentCepNotFound: cepNotFound }, null, responsibleStart(student), { cepNotFound });
  }

  // Step 2: step 1 travels in hidden fields. Saving, each CEP decides its estado and cidade (spec §5).
  const [studentSettled, settled] =
    intent === "responsible-save"
      ? await Promise.all([
          settleStateAndCity(formData, WIZARD_ADDRESS, STUDENT_PREFIX),
          settleStateAndCity(formData, WIZARD_ADDRESS),
        ])
      : [null, null];
  const student = typedValues(formData, STUDENT_KEYS, STUDENT_PREFIX);
  const studentCepNotFound = studentSettled?.cepNotFound ?? cepStillNotFound(formData, student.cep, STUDENT_PREFIX);
  const carried = { student, studentCepNotFound };
  const responsible = typedValues(formData, RESPONSIBLE_KEYS);
  const cepNotFound = settled?.cepNotFound ?? cepStillNotFound(formData, responsible.cep);
  const createdStudentId = String(formData.get(CREATED_STUDENT_FIELD) ?? "").slice(0, 64) || null;

  if (intent === "back") return stepOne(student, { cepNotFound: studentCepNotFound });
  if (intent === "responsible-cep") {
    const lookup = await withLookedUpAddress(responsible, WIZARD_ADDRESS);
    return stepTwo(
      carried,
      createdStudentId,
      lookup.values,
      lookup.found ? { focus: "numero" } : { cepNotFound: lookup.cepNotFound },
    );
  }
  if (intent === "responsible-cities") {
    return stepTwo(carried, createdStudentId, withCityOfChosenState(responsible, WIZARD_ADDRESS), { cepNotFound });
  }

  // "responsible-save". A forged or stale step 1 goes back there with its errors.
  const studentSubmission = parseValues(student, schema);
  if (studentSubmission.status !== "success") {
    return stepOneRefused(student, studentSubmission.reply(), studentCepNotFound);
  }
  const submission = parseWithZod(formData, { schema: responsibleServerSchema });
  if (submission.status !== "success") {
    return stepTwo(carried, createdStudentId, responsible, { result: submission.reply(), cepNotFound }, 400);
  }

  const api = storeApi(context);
  // The consent goes with the student (its text's version, docs/decisions/0013), not with the responsible.
  const { consentimento: _consented, ...responsibleData } = submission.value;
  let studentId = createdStudentId;
  try {
    studentId ??= (
      await api.createEmptyStudent({
        customerId: customer.id,
        ...newStudentPayloadFromForm(studentSubmission.value),
        consentVersion: STUDENT_CONSENT_VERSION,
      })
    ).id;
    await api.createResponsible({ clientId: customer.id, studentId, ...responsibleData });
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    // A 404 on the responsible: the kept student is no longer linked; the next try starts over.
    const keptId = error.status === 404 && studentId === createdStudentId ? null : studentId;
    return stepTwo(
      carried,
      keptId,
      responsible,
      { result: submission.reply(), cepNotFound, toast: error.message },
      error.status,
    );
  }
  if (checkout) {
    return placeItemFor(args, studentId, checkout.place, {
      doneHref: checkout.doneHref,
      failHref: checkout.listHref(studentId),
      success: { message: "Estudante criado(a) com sucesso!", description: "Item adicionado ao carrinho!" },
    });
  }
  return toasts().redirectWithSuccess(
    withLinkState(productPath, DONE_MODE, studentId),
    "Estudante criado(a) com sucesso!",
  );
}
