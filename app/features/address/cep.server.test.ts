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
    expect(await lookupCep("51021-000", cepApi.url)).toEqual({ address: expected });
    expect(await lookupCep("51021000", cepApi.url)).toEqual({ address: expected });
  });

  it("calls an unknown CEP ({erro: true}), a malformed one and a 400 unknown", async () => {
    const unknown = { failure: "unknown" };
    expect(await lookupCep("12345678", cepApi.url)).toEqual(unknown);
    expect(await lookupCep("1234", cepApi.url)).toEqual(unknown);
    expect(await lookupCep("abcdefgh", cepApi.url)).toEqual(unknown);
  });

  it("gives up after 3 seconds and when the service is down: unavailable, not unknown", async () => {
    // The double answers this CEP with a valid address after 5 s: a failure means the client gave up first.
    const unavailable = { failure: "unavailable" };
    expect(await lookupCep(SLOW_CEP, cepApi.url)).toEqual(unavailable);
    expect(await lookupCep("51021000", "http://127.0.0.1:9")).toEqual(unavailable);
  });
});
