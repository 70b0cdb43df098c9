import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SLOW_CEP, startCepServer } from "#tests/fixtures/cep-server.ts";
import { lookupCep } from "./cep.server.ts";

let cepApi: Awaited<ReturnType<typeof startCepServer>>;
beforeAll(async () => {
  cepApi = await startCepServer();
});
afterAll(() => cepApi.close());

describe("CEP lookup", () => {
  it("fills state, city, neighbourhood and street from a known CEP, masked or not", async () => {
    const expected = {
      cep: "51021000",
      state: "PE",
      city: "Recife",
      neighborhood: "Boa Viagem",
      street: "Avenida Boa Viagem",
    };
    expect(await lookupCep("51021-000", cepApi.url)).toEqual(expected);
    expect(await lookupCep("51021000", cepApi.url)).toEqual(expected);
  });

  it("gives null for an unknown CEP ({erro: true}), a malformed one and a 400", async () => {
    expect(await lookupCep("12345678", cepApi.url)).toBeNull();
    expect(await lookupCep("1234", cepApi.url)).toBeNull();
    expect(await lookupCep("abcdefgh", cepApi.url)).toBeNull();
  });

  it("gives up after 3 seconds and when the service is down", async () => {
    // The double answers this CEP with a valid address after 5 s: null means the client gave up first.
    expect(await lookupCep(SLOW_CEP, cepApi.url)).toBeNull();
    expect(await lookupCep("51021000", "http://127.0.0.1:9")).toBeNull();
  });
});
