import { describe, expect, it } from "vitest";
import { raField } from "#core/validation/student-fields.ts";
import {
  checkoutNewStudentFormSchema,
  newStudentFormSchema,
  newStudentPayloadFromForm,
  responsibleSchema,
} from "./student-schemas.ts";

const form = {
  nome: "Joaquim Cavalcanti Neto",
  cpf: "529.982.247-25",
  data_nascimento: "2016-04-10",
  estado_natal: "PE",
  cidade_natal: "Olinda",
  cep: "50030-230",
  estado: "PE",
  cidade: "Recife",
  bairro: "Boa Vista",
  rua: "Rua da Aurora",
  numero: "325",
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("new student form", () => {
  it("accepts the form with e-mail and phone left blank, and maps it to the API payload", () => {
    const parsed = newStudentFormSchema.parse({ ...form, email: "", telefone: undefined });
    expect(parsed).toMatchObject({ cpf: "52998224725", cep: "50030230", email: undefined, telefone: undefined });
    expect(newStudentPayloadFromForm(parsed)).toMatchObject({
      dtnascimento: "2016-04-10",
      naturalidade: "Olinda",
      estadonatal: "PE",
    });
  });

  it("sends spec §3's fixed fields with every new student", () => {
    expect(newStudentPayloadFromForm(newStudentFormSchema.parse(form))).toMatchObject({
      nacionalidade: "10",
      estadocivil: "S",
      sexo: "X",
      pais: "Brasil",
      complemento: "Não informado",
    });
  });

  it("says CPF inválido for the student and Telefone incompleto for a short phone", () => {
    expect(firstMessage(newStudentFormSchema.safeParse({ ...form, cpf: "529.982.247-24" }))).toBe("CPF inválido");
    // The checkout's form says it as its red toast does (spec §5).
    expect(firstMessage(checkoutNewStudentFormSchema.safeParse({ ...form, cpf: "529.982.247-24" }))).toBe(
      "CPF inválido",
    );
    expect(firstMessage(newStudentFormSchema.safeParse({ ...form, telefone: "(81) 9999" }))).toBe(
      "Telefone incompleto",
    );
    expect(firstMessage(newStudentFormSchema.safeParse({ ...form, cidade_natal: undefined }))).toBe(
      "Selecione a cidade natal.",
    );
  });
});

describe("responsible", () => {
  const responsible = { ...form, email: "carla@exemplo.com.br", telefone1: "(81) 99876-1234", parentesco: "7" };

  it("requires e-mail and an 11-digit phone, and says CPF inválido", () => {
    expect(responsibleSchema.parse(responsible)).toMatchObject({ parentesco: 7, telefone1: "81998761234" });
    expect(firstMessage(responsibleSchema.safeParse({ ...responsible, cpf: "111.111.111-11" }))).toBe("CPF inválido");
    expect(firstMessage(responsibleSchema.safeParse({ ...responsible, telefone1: "(81) 9876-1234" }))).toBe(
      "Telefone incompleto",
    );
    expect(responsibleSchema.safeParse({ ...responsible, email: undefined }).success).toBe(false);
  });
});

describe("RA", () => {
  it("is required and trimmed", () => {
    expect(raField.parse(" 20250001 ")).toBe("20250001");
    expect(raField.safeParse("  ").success).toBe(false);
  });
});
