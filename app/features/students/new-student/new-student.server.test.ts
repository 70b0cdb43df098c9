import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startCepServer } from "#tests/fixtures/cep-server.ts";
import { carried, newStudentForm, responsibleForm } from "#tests/fixtures/new-student-form.ts";
import {
  actionReply,
  signUpAndLogIn,
  storefrontGet,
  storefrontPost,
  type LoggedInCustomer,
} from "#tests/fixtures/storefront-requests.ts";
import { accountPageAction, loadAccountPage } from "#app/features/accounts/account-page.server.ts";
import { isNewStudentIntent, newStudentAction } from "./new-student.server.ts";
import type * as StoreApiModule from "#app/.server/store-api/index.server.ts";
import { storeApiFor } from "#app/.server/store-api/index.server.ts";
import { STUDENT_MESSAGES } from "#core/validation/student-fields.ts";

// Lets a test make the responsible call fail once, after the student was created.
const failures = vi.hoisted(() => ({ responsible: 0 }));
vi.mock("#app/.server/store-api/index.server.ts", async (importOriginal) => {
  const original = await importOriginal<typeof StoreApiModule>();
  return {
    ...original,
    storeApiFor: (request: Request, token?: string) => {
      const client = original.storeApiFor(request, token);
      return {
        ...client,
        createResponsible: async (...args: Parameters<typeof client.createResponsible>) => {
          if (failures.responsible > 0) {
            failures.responsible -= 1;
            throw new original.StoreApiError(
              503,
              "Não foi possível falar com a loja agora. Tente novamente em instantes.",
            );
          }
          return client.createResponsible(...args);
        },
      };
    },
  };
});

let dataDir: string;
let cepApi: Awaited<ReturnType<typeof startCepServer>>;

const PRODUCT_PATH = "/produto/material-didatico/kit";
const get = (cookie: string | null, path = "/") => storefrontGet(cookie, path);
const post = (cookie: string, fields: Record<string, string>, path = `${PRODUCT_PATH}?vinculo=novo`) =>
  storefrontPost(cookie, fields, path);
type LoggedIn = LoggedInCustomer;

/** What the wizard's action answered. */
async function run(who: LoggedIn, fields: Record<string, string>) {
  const { request, formData } = post(who.cookie, fields);
  return actionReply(await newStudentAction(await requestArgs(request), formData, PRODUCT_PATH));
}

const students = (who: LoggedIn) => storeApiFor(get(who.cookie), who.token).listStudents(who.id);

const student = newStudentForm;
const responsible = responsibleForm;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-novo-aluno-"));
  cepApi = await startCepServer();
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
  process.env.CEP_API_URL = cepApi.url;
  await storeApiFor(get(null)).listPaymentMethods();
});

afterAll(async () => {
  await cepApi.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the new-student wizard, step Estudante", () => {
  it("knows its intents and nothing else", () => {
    expect(isNewStudentIntent("student-next")).toBe(true);
    expect(isNewStudentIntent("responsible-save")).toBe(true);
    expect(isNewStudentIntent("confirm")).toBe(false);
    expect(isNewStudentIntent(null)).toBe(false);
  });

  it("answers an invalid CPF with the wizard's message, keeping what was typed", async () => {
    const ana = await signUpAndLogIn();
    const { data, status } = await run(ana, {
      intent: "student-next",
      ...student({ cpf: "111.111.111-11", numero: "1" }),
    });
    expect(status).toBe(400);
    expect(data).toMatchObject({
      wizard: "new-student",
      step: 1,
      values: { nome: "Joaquim Cavalcanti Neto", cpf: "111.111.111-11" },
    });
    expect(data.result.error).toEqual({ cpf: ["CPF inválido"], numero: ["Número deve ter de 2 a 6 dígitos."] });
    expect(data.birthCities).toContain("Olinda");
    expect(await students(ana)).toEqual([]);
  });

  it("checks each city against its state on the server", async () => {
    const ana = await signUpAndLogIn();
    const { data, status } = await run(ana, {
      intent: "student-next",
      ...student({ cidade_natal: "Campinas", cep: "12345-678", cidade: "Natal" }),
    });
    expect(status).toBe(400);
    expect(data.result.error).toEqual({
      cidade_natal: ["A cidade não pertence ao estado selecionado."],
      cidade: ["A cidade não pertence ao estado selecionado."],
    });
    expect(data.cepNotFound).toBe("unknown");
  });

  it("takes estado and cidade from a found CEP, whatever the form sent (spec §5)", async () => {
    const ana = await signUpAndLogIn();
    const next = await run(ana, { intent: "student-next", ...student({ estado: "SP", cidade: "Campinas" }) });
    expect(next.data).toMatchObject({
      step: 2,
      student: { cep: "51021-000", estado: "PE", cidade: "Recife" },
      studentCepNotFound: false,
    });

    const { response } = await run(ana, {
      intent: "responsible-save",
      ...carried(student({ estado: "SP", cidade: "Campinas" })),
      ...responsible({ cep: "01310-100", estado: "PE", cidade: "Recife" }),
    });
    expect(response?.status).toBe(302);
    const [link] = await students(ana);
    expect(link?.student).toMatchObject({ cep: "51021000", estado: "PE", cidade: "Recife" });
    expect(link?.student.Responsibles?.[0]).toMatchObject({ estado: "SP", cidade: "São Paulo" });
  });

  it("fills the address from the CEP, read-only, and focuses the number", async () => {
    const ana = await signUpAndLogIn();
    const { data } = await run(ana, {
      intent: "student-cep",
      ...student({ cep: "01310100", estado: "", cidade: "", bairro: "", rua: "" }),
    });
    expect(data).toMatchObject({
      step: 1,
      cepNotFound: false,
      focus: "numero",
      values: {
        cep: "01310-100",
        estado: "SP",
        cidade: "São Paulo",
        bairro: "Bela Vista",
        rua: "Avenida Paulista",
        nome: "Joaquim Cavalcanti Neto",
      },
    });
    expect(data.cities).toContain("Campinas");

    const unknown = await run(ana, { intent: "student-cep", ...student({ cep: "12345-678" }) });
    expect(unknown.data).toMatchObject({ step: 1, cepNotFound: "unknown", values: { cep: "12345-678", estado: "PE" } });
  });

  it("follows the chosen states with the city lists, dropping a city of another state", async () => {
    const ana = await signUpAndLogIn();
    const { data } = await run(ana, { intent: "student-cities", ...student({ estado_natal: "SP", cidade: "Recife" }) });
    expect(data.birthCities).toContain("Campinas");
    expect(data.birthCities).not.toContain("Olinda");
    expect(data.values).toMatchObject({ estado_natal: "SP", cidade_natal: "", cidade: "Recife" });
  });

  it("goes on to the responsible with the student's address, storing nothing yet", async () => {
    const ana = await signUpAndLogIn();
    const values = student();
    const { data, status } = await run(ana, { intent: "student-next", ...values });
    expect(status).toBe(200);
    expect(data).toMatchObject({
      step: 2,
      student: values,
      studentCepNotFound: false,
      cepNotFound: false,
      createdStudentId: null,
      values: { nome: "", cep: "51021-000", estado: "PE", cidade: "Recife", rua: "Avenida Boa Viagem", numero: "120" },
    });
    expect(await students(ana)).toEqual([]);

    const back = await run(ana, {
      intent: "back",
      ...carried(values),
      ...responsible(),
    });
    expect(back.data).toMatchObject({ step: 1, values, cepNotFound: false });

    // A student CEP whose lookup failed: the lists come back with Voltar.
    const unknown = student({ cep: "12345-678" });
    const failed = await run(ana, { intent: "student-next", ...unknown, cepNaoEncontrado: "12345-678" });
    expect(failed.data).toMatchObject({ step: 2, studentCepNotFound: "unknown", cepNotFound: "unknown" });
    const again = await run(ana, {
      intent: "back",
      ...carried(unknown),
      "estudante.cepNaoEncontrado": "12345-678",
      ...responsible(),
    });
    expect(again.data).toMatchObject({ step: 1, values: unknown, cepNotFound: "unknown" });
  });
});

describe("the new-student wizard, step Responsável", () => {
  it("requires the responsible's e-mail and phone and stores nothing while invalid", async () => {
    const ana = await signUpAndLogIn();
    const { data, status } = await run(ana, {
      intent: "responsible-save",
      ...carried(student()),
      ...responsible({ email: "", telefone1: "(81) 9876-123", cpf: "123.456.789-00", parentesco: "" }),
    });
    expect(status).toBe(400);
    expect(data.step).toBe(2);
    expect(data.result.error).toEqual({
      email: ["Informe o e-mail."],
      telefone1: ["Telefone incompleto"],
      cpf: ["CPF inválido"],
      parentesco: ["Selecione o parentesco."],
    });
    expect(await students(ana)).toEqual([]);
  });

  it("asks for the adult's consent to keep the student's data, storing nothing and keeping what was typed", async () => {
    const ana = await signUpAndLogIn();
    const values = responsible({ consentimento: "" });
    const { data, status } = await run(ana, { intent: "responsible-save", ...carried(student()), ...values });
    expect(status).toBe(400);
    expect(data).toMatchObject({ step: 2, values });
    expect(data.result.error).toEqual({ consentimento: [STUDENT_MESSAGES.consentRequired] });
    expect(await students(ana)).toEqual([]);
  });

  it("sends a forged step 1 back there with its errors", async () => {
    const ana = await signUpAndLogIn();
    const { data, status } = await run(ana, {
      intent: "responsible-save",
      ...carried(student({ cpf: "111.111.111-11" })),
      ...responsible(),
    });
    expect(status).toBe(400);
    expect(data.step).toBe(1);
    expect(data.result.error).toEqual({ cpf: ["CPF inválido"] });
  });

  it("creates the student and the responsible, then redirects to Completo with the toast", async () => {
    const ana = await signUpAndLogIn();
    const { response } = await run(ana, {
      intent: "responsible-save",
      ...carried(student()),
      ...responsible({ parentesco: "9" }),
    });
    const [link] = await students(ana);
    expect(response?.status).toBe(302);
    expect(response?.headers.get("location")).toBe(`${PRODUCT_PATH}?vinculo=completo&aluno=${link!.studentId}`);
    expect(response?.headers.get("set-cookie")).toContain("loja_toast=");
    expect(link!.student).toMatchObject({
      nome: "Joaquim Cavalcanti Neto",
      RA: null,
      naturalidade: "Olinda",
      estadonatal: "PE",
    });
    expect(link!.student.Responsibles).toEqual([
      expect.objectContaining({ nome: "Carla Cavalcanti Souza", parentesco: 9 }),
    ]);
  });

  it("keeps the created student when the responsible fails, so the retry creates no second student", async () => {
    const ana = await signUpAndLogIn();
    failures.responsible = 1;
    const values = responsible();
    const first = await run(ana, { intent: "responsible-save", ...carried(student()), ...values });
    expect(first.status).toBe(503);
    expect(first.data).toMatchObject({
      step: 2,
      toast: "Não foi possível falar com a loja agora. Tente novamente em instantes.",
      values,
    });
    const [created] = await students(ana);
    expect(first.data.createdStudentId).toBe(created!.studentId);

    const retry = await run(ana, {
      intent: "responsible-save",
      ...carried(student()),
      ...values,
      createdStudentId: first.data.createdStudentId,
    });
    expect(retry.response?.headers.get("location")).toContain(`aluno=${created!.studentId}`);
    const after = await students(ana);
    expect(after).toHaveLength(1);
    expect(after[0]!.student.Responsibles).toHaveLength(1);
  });

  it("refuses someone else's student as the created one and starts over next time", async () => {
    const ana = await signUpAndLogIn();
    const bruno = await signUpAndLogIn();
    await run(bruno, { intent: "responsible-save", ...carried(student()), ...responsible() });
    const [brunos] = await students(bruno);
    const { data, status } = await run(ana, {
      intent: "responsible-save",
      ...carried(student()),
      ...responsible(),
      createdStudentId: brunos!.studentId,
    });
    expect(status).toBe(404);
    expect(data).toMatchObject({ step: 2, createdStudentId: null });
    expect(data.toast).toEqual(expect.any(String));
    expect((await students(bruno))[0]!.student.Responsibles).toHaveLength(1);
    expect(await students(ana)).toEqual([]);
  });
});

describe("Meus estudantes on /conta", () => {
  async function withStudent() {
    const ana = await signUpAndLogIn();
    await run(ana, { intent: "responsible-save", ...carried(student()), ...responsible() });
    const [link] = await students(ana);
    return { ana, link: link! };
  }

  it("lists the linked students and reads the open dialogs from the URL", async () => {
    const { ana, link } = await withStudent();
    const page = await loadAccountPage(
      await requestArgs(get(ana.cookie, `/conta?estudante=${link.studentId}&remover=${link.id}`)),
    );
    // A student created without RA has no grade yet: no material list to link to.
    expect(page.students).toEqual({
      students: [link],
      listEntries: [],
      studentDataId: link.studentId,
      removeLinkId: link.id,
    });
  });

  it("removes an own link with the toast, and finds nothing for another customer's", async () => {
    const { ana, link } = await withStudent();
    const bruno = await signUpAndLogIn();
    const forged = post(bruno.cookie, { intent: "remove-link", linkId: link.id }, "/conta");
    const refused = (await accountPageAction(await requestArgs(forged.request), forged.formData)) as Response;
    expect(refused.headers.get("location")).toBe("/conta");
    expect(await students(ana)).toHaveLength(1);

    const own = post(ana.cookie, { intent: "remove-link", linkId: link.id }, "/conta");
    const removed = (await accountPageAction(await requestArgs(own.request), own.formData)) as Response;
    expect(removed.status).toBe(302);
    expect(removed.headers.get("location")).toBe("/conta");
    expect(removed.headers.get("set-cookie")).toContain("loja_toast=");
    expect(await students(ana)).toEqual([]);
  });
});
