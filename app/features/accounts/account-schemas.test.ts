import { afterEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import {
  CUSTOMER_MESSAGES as M,
  forgotPasswordSchema,
  loginSchema,
  passwordChangeSchema,
  profileSchema,
  registrationAccessSchema,
  registrationBasicsSchema,
  resetPasswordSchema,
} from "./account-schemas.ts";
import { withCityOfState } from "#core/validation/city-of-state.ts";
import { accounts } from "#api/contract/accounts.ts";

const registrationSchema = accounts.createCustomer.body;

/** The messages a schema reports, by field ("" for the object itself). */
function errors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  return byField;
}

const access = {
  name: "Maria das Dores",
  email: "maria@exemplo.com.br",
  password: "segredo1",
  passwordConfirmation: "segredo1",
  terms: true,
};

const basics = {
  cpf: "529.982.247-25",
  cellPhone: "(81) 99876-5432",
  birthDate: "1985-04-12",
  zipcode: "50030-230",
  state: "PE",
  city: "Recife",
  neighborhood: "Boa Vista",
  street: "Rua da Aurora",
  houseNumber: "123",
};

afterEach(() => vi.useRealTimers());

describe("loginSchema", () => {
  it("needs both fields, with the spec's message", () => {
    expect(errors(loginSchema, { email: "", password: "" })).toEqual({
      email: [M.loginIncomplete],
      password: [M.loginIncomplete],
    });
    expect(errors(loginSchema, {}).email).toEqual([M.loginIncomplete]);
    expect(M.loginIncomplete).toBe("Preencha as informações de login para prosseguir");
  });

  it("lowercases and trims the e-mail", () => {
    expect(loginSchema.parse({ email: " Maria@Exemplo.COM ", password: "x" }).email).toBe("maria@exemplo.com");
  });
});

describe("forgotPasswordSchema", () => {
  it("asks for at least 10 characters", () => {
    expect(errors(forgotPasswordSchema, { email: "a@b.com" })).toEqual({ email: ["Email incompleto"] });
    expect(errors(forgotPasswordSchema, {})).toEqual({ email: ["Email incompleto"] });
    expect(forgotPasswordSchema.parse({ email: "Ana@Escola.com" }).email).toBe("ana@escola.com");
  });
});

describe("registrationAccessSchema (step 1)", () => {
  it("accepts good data and tidies the name", () => {
    expect(registrationAccessSchema.parse({ ...access, name: "José  Antônio Ávila " }).name).toBe("José Antônio Ávila");
  });

  it.each([
    [undefined, M.nameRequired],
    ["   ", M.nameRequired],
    [" Maria das Dores", M.nameStart],
    ["-Maria das Dores", M.nameStart],
    ["Maria d'Ávila Souza", M.nameCharacters],
    ["Maria 2 da Silva", M.nameCharacters],
    ["Ana Silva", M.nameLength],
    ["A".repeat(46), M.nameLength],
  ])("name %j → %s", (name, message) => {
    expect(errors(registrationAccessSchema, { ...access, name }).name).toEqual([message]);
  });

  it.each([
    [undefined, M.emailRequired],
    ["", M.emailRequired],
    ["a@b", M.emailLength],
    [`${"a".repeat(40)}@exemplo.com`, M.emailLength],
    ["Maria@exemplo.com", M.emailPattern],
    ["maria.exemplo.com", M.emailPattern],
    ["maria@exemplo", M.emailPattern],
  ])("email %j → %s", (email, message) => {
    expect(errors(registrationAccessSchema, { ...access, email }).email).toEqual([message]);
  });

  it("checks both passwords' length", () => {
    expect(errors(registrationAccessSchema, { ...access, password: "12345", passwordConfirmation: "12345" })).toEqual({
      password: [M.passwordLength],
      passwordConfirmation: [M.passwordLength],
    });
    expect(errors(registrationAccessSchema, { ...access, password: "x".repeat(21) }).password).toEqual([
      M.passwordLength,
    ]);
    expect(errors(registrationAccessSchema, { ...access, password: "" }).password).toEqual([M.passwordRequired]);
    expect(
      errors(registrationAccessSchema, { ...access, passwordConfirmation: undefined }).passwordConfirmation,
    ).toEqual([M.confirmationRequired]);
  });

  it("reports different passwords on the confirmation, even beside other errors", () => {
    expect(errors(registrationAccessSchema, { ...access, passwordConfirmation: "segredo2" })).toEqual({
      passwordConfirmation: ["Senhas não correspondem"],
    });
    expect(errors(registrationAccessSchema, { ...access, name: "", passwordConfirmation: "segredo2" })).toEqual({
      name: [M.nameRequired],
      passwordConfirmation: ["Senhas não correspondem"],
    });
  });

  it("needs the terms ticked", () => {
    expect(errors(registrationAccessSchema, { ...access, terms: false })).toEqual({
      terms: ["Termos e Condições não aceitos"],
    });
    expect(errors(registrationAccessSchema, { ...access, terms: undefined })).toEqual({
      terms: ["Termos e Condições não aceitos"],
    });
  });
});

describe("registrationBasicsSchema (step 2)", () => {
  it("accepts masked and unmasked values and stores digits", () => {
    expect(registrationBasicsSchema.parse(basics)).toEqual({
      ...basics,
      cpf: "52998224725",
      cellPhone: "81998765432",
      zipcode: "50030230",
      complement: "",
    });
    const plain = registrationBasicsSchema.parse({
      ...basics,
      cpf: "52998224725",
      cellPhone: "81998765432",
      zipcode: "50030230",
      state: "pe",
      houseNumber: 45,
    });
    expect(plain).toMatchObject({ cpf: "52998224725", state: "PE", houseNumber: "45" });
  });

  it.each([
    [undefined, M.cpfRequired],
    ["529.982.247-24", "CPF inválido"],
    ["111.111.111-11", "CPF inválido"],
    ["5299822472", "CPF inválido"],
    ["529x982x247x25", "CPF inválido"],
  ])("cpf %j → %s", (cpf, message) => {
    expect(errors(registrationBasicsSchema, { ...basics, cpf }).cpf).toEqual([message]);
  });

  it.each([
    [undefined, M.phoneRequired],
    ["(81) 9876-5432", "Telefone incompleto"],
    ["(81) 99876-543a", "Telefone incompleto"],
    ["(81) 99876-54321", M.phoneTooLong],
  ])("cellPhone %j → %s", (cellPhone, message) => {
    expect(errors(registrationBasicsSchema, { ...basics, cellPhone }).cellPhone).toEqual([message]);
  });

  it.each([
    [undefined, M.birthDateRequired],
    ["", M.birthDateRequired],
    ["12/04/1985", M.birthDateInvalid],
    ["2001-02-29", M.birthDateInvalid],
    ["1899-12-31", M.birthDateInvalid],
    ["2999-01-01", M.birthDateFuture],
  ])("birthDate %j → %s", (birthDate, message) => {
    expect(errors(registrationBasicsSchema, { ...basics, birthDate }).birthDate).toEqual([message]);
  });

  it("compares the birth date with today's date in Brazil, not in UTC", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-01T01:30:00Z")); // still 28 February in Recife
    expect(errors(registrationBasicsSchema, { ...basics, birthDate: "2026-02-28" })).toEqual({});
    expect(errors(registrationBasicsSchema, { ...basics, birthDate: "2026-03-01" }).birthDate).toEqual([
      M.birthDateFuture,
    ]);
  });

  it.each([
    [undefined, M.zipcodeRequired],
    ["5003-0230", M.zipcodeLength],
    ["500302301", M.zipcodeLength],
  ])("zipcode %j → %s", (zipcode, message) => {
    expect(errors(registrationBasicsSchema, { ...basics, zipcode }).zipcode).toEqual([message]);
  });

  it.each([
    [undefined, M.houseNumberRequired],
    ["", M.houseNumberRequired],
    ["1", M.houseNumberDigits],
    ["1234567", M.houseNumberDigits],
    ["12A", M.houseNumberDigits],
    [7, M.houseNumberDigits],
  ])("houseNumber %j → %s", (houseNumber, message) => {
    expect(errors(registrationBasicsSchema, { ...basics, houseNumber }).houseNumber).toEqual([message]);
  });

  it("needs neighbourhood, street, state and a city of that state", () => {
    expect(errors(registrationBasicsSchema, { ...basics, neighborhood: " ", street: "" })).toEqual({
      neighborhood: [M.neighborhoodRequired],
      street: [M.streetRequired],
    });
    expect(errors(registrationBasicsSchema, { ...basics, street: "R".repeat(121) }).street).toEqual([M.streetLength]);
    expect(errors(registrationBasicsSchema, { ...basics, state: "" }).state).toEqual([M.stateRequired]);
    expect(errors(registrationBasicsSchema, { ...basics, state: "XX" }).state).toEqual([M.stateRequired]);
    expect(errors(registrationBasicsSchema, { ...basics, city: "" }).city).toEqual([M.cityRequired]);
    // The IBGE rule is the server's (withCityOfState); the browser schema checks fields alone.
    expect(errors(registrationBasicsSchema, { ...basics, city: "Salvador" })).toEqual({});
    expect(errors(withCityOfState(registrationBasicsSchema), { ...basics, city: "Salvador" }).city).toEqual([
      M.cityOfState,
    ]);
    expect(errors(withCityOfState(registrationBasicsSchema), { ...basics, city: "jaboatao dos guararapes" })).toEqual(
      {},
    );
  });
});

describe("the registration payload (POST /customers/create-customer)", () => {
  it("takes the access data without confirmation and terms, plus the basics", () => {
    const { passwordConfirmation: _c, terms: _t, ...fields } = access;
    const payload = { storeId: 1, ...fields };
    expect(registrationSchema.parse({ ...payload, ...basics })).toMatchObject({
      email: access.email,
      cpf: "52998224725",
    });
    expect(errors(registrationSchema, { ...payload, ...basics, cpf: "123" }).cpf).toEqual(["CPF inválido"]);
  });
});

describe("profileSchema", () => {
  it("applies the same rules to the profile fields", () => {
    const { cpf, cellPhone, birthDate, ...address } = basics;
    const profile = { name: access.name, cpf, cellPhone, birthDate, ...address };
    expect(profileSchema.parse(profile)).toMatchObject({ cpf: "52998224725", cellPhone: "81998765432" });
    expect(errors(profileSchema, { ...profile, name: "Ana", cpf: "000.000.000-00" })).toEqual({
      name: [M.nameLength],
      cpf: ["CPF inválido"],
    });
  });
});

describe("passwordChangeSchema and resetPasswordSchema", () => {
  it("needs the current password, a 6–20 new one and an equal confirmation", () => {
    expect(
      errors(passwordChangeSchema, { currentPassword: "", newPassword: "abc", passwordConfirmation: "abd" }),
    ).toEqual({
      currentPassword: [M.currentPasswordRequired],
      newPassword: [M.passwordLength],
      passwordConfirmation: [M.passwordLength, "Senhas não correspondem"],
    });
    expect(
      errors(passwordChangeSchema, {
        currentPassword: "velha1",
        newPassword: "novasenha",
        passwordConfirmation: "novasenhb",
      }),
    ).toEqual({
      passwordConfirmation: ["Senhas não correspondem"],
    });
    expect(
      passwordChangeSchema.safeParse({
        currentPassword: "velha1",
        newPassword: "novasenha",
        passwordConfirmation: "novasenha",
      }).success,
    ).toBe(true);
  });

  it("resets with an equal pair", () => {
    expect(errors(resetPasswordSchema, { password: "novasenha", passwordConfirmation: "outra123" })).toEqual({
      passwordConfirmation: ["Senhas não correspondem"],
    });
    expect(errors(resetPasswordSchema, {})).toEqual({
      password: [M.passwordRequired],
      passwordConfirmation: [M.confirmationRequired],
    });
  });
});

describe("with conform (form data, as the pages submit it)", () => {
  const form = (entries: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(entries)) data.append(key, value);
    return data;
  };

  it("reads the terms checkbox and empty fields the way the spec's messages expect", async () => {
    const { parseWithZod } = await import("@conform-to/zod/v4");
    const filled = { name: access.name, email: access.email, password: "segredo1", passwordConfirmation: "segredo1" };
    const ok = parseWithZod(form({ ...filled, terms: "on" }), { schema: registrationAccessSchema });
    expect(ok.status).toBe("success");
    const unticked = parseWithZod(form({ ...filled, name: "" }), { schema: registrationAccessSchema });
    expect(unticked.status).toBe("error");
    expect(unticked.status === "error" && unticked.error).toMatchObject({
      terms: ["Termos e Condições não aceitos"],
      name: [M.nameRequired],
    });
  });

  it("validates step 2 and gives digits", async () => {
    const { parseWithZod } = await import("@conform-to/zod/v4");
    const result = parseWithZod(form(basics), { schema: registrationBasicsSchema });
    expect(result.status === "success" && result.value).toMatchObject({ cpf: "52998224725", houseNumber: "123" });
    const empty = parseWithZod(form({ ...basics, houseNumber: "", cpf: "" }), { schema: registrationBasicsSchema });
    expect(empty.status === "error" && empty.error).toMatchObject({
      houseNumber: [M.houseNumberRequired],
      cpf: [M.cpfRequired],
    });
  });
});
