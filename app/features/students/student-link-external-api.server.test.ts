/**
 * Linking by RA against an external store API (STORE_API_URL) that knows only spec §7's
 * fields: the birth date and the consent travel as extra fields it ignores, and the
 * storefront still links and still shows that API's own refusal (docs/decisions/0013).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { StudentLink } from "#api/contract/students.ts";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import { startStoreApiDouble, toastOf } from "#tests/fixtures/store-api-double.ts";
import { actionReply, storefrontPost } from "#tests/fixtures/storefront-requests.ts";
import { linkAction } from "./student-link.server.ts";

const PRODUCT_PATH = "/produto/material-didatico/kit";
const OLD_API_REFUSAL = "RA não encontrado.";

const link: StudentLink = {
  id: "vinculo-1",
  studentId: "aluno-1",
  student: {
    id: "aluno-1",
    nome: "Gabriel Cavalcanti Ferreira",
    RA: "20250003",
    cpf: null,
    email: null,
    telefone1: null,
    cep: null,
    rua: null,
    numero: null,
    bairro: null,
    cidade: null,
    estado: null,
    naturalidade: null,
    estadonatal: null,
    turno: null,
    schoolYears: [],
    Affiliates: [],
    Responsibles: [],
  },
};

let received: { path: string; body: Record<string, unknown> }[] = [];
let double: Awaited<ReturnType<typeof startStoreApiDouble>>;

beforeAll(async () => {
  double = await startStoreApiDouble((request) => {
    received.push({ path: request.path, body: request.body });
    // spec §7: { storeId, customerId, RA }; anything else is ignored.
    return request.body?.RA === "20250003"
      ? { status: 201, body: { student: link } }
      : { status: 404, body: { error: { message: OLD_API_REFUSAL } } };
  });
});

afterAll(() => double.close());

async function addByRa(ra: string) {
  received = [];
  const fields = { intent: "add-ra", itemTOTVSId: "1", ra, dtnascimento: "2010-11-20", consentimento: "on" };
  const { request, formData } = storefrontPost(double.cookie, fields, `${PRODUCT_PATH}?vinculo=lista`);
  return actionReply(
    await linkAction(await requestArgs(request), formData, PRODUCT_PATH, (bags) => bags, PRODUCT_PATH),
  );
}

it("sends the spec's fields with the birth date and the consent's version as extras, and links", async () => {
  const { response } = await addByRa("20250003");
  expect(received).toEqual([
    {
      path: "/students/add-student-to-customer",
      body: {
        storeId: 1,
        customerId: "cliente-1",
        RA: "20250003",
        dtnascimento: "2010-11-20",
        consentVersion: STUDENT_CONSENT_VERSION,
      },
    },
  ]);
  expect(response?.headers.get("location")).toBe(`${PRODUCT_PATH}?vinculo=lista&aluno=aluno-1`);
  expect(await toastOf(response!)).toMatchObject({ type: "success", message: "Estudante vinculado(a)!" });
});

it("shows that API's own refusal, keeping what was typed", async () => {
  const { status, data } = await addByRa("99999999");
  expect(status).toBe(404);
  expect(data).toMatchObject({ toast: OLD_API_REFUSAL, values: { ra: "99999999", dtnascimento: "2010-11-20" } });
});
