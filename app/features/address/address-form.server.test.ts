import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SLOW_CEP, startCepServer } from "#tests/fixtures/cep-server.ts";
import {
  cepStillNotFound,
  CUSTOMER_ADDRESS,
  settleStateAndCity,
  WIZARD_ADDRESS,
  withLookedUpAddress,
} from "./address-form.server.ts";

let cepApi: Awaited<ReturnType<typeof startCepServer>>;
beforeAll(async () => {
  cepApi = await startCepServer();
  process.env.CEP_API_URL = cepApi.url;
});
afterAll(() => cepApi.close());

const typed = { zipcode: "51021-000", state: "SP", city: "Campinas", neighborhood: "", street: "Rua Digitada" };

describe("the CEP lookup of an address form (spec §5)", () => {
  it("fills state and city read-only from a found CEP", async () => {
    expect(await withLookedUpAddress(typed, CUSTOMER_ADDRESS)).toEqual({
      values: {
        zipcode: "51021-000",
        state: "PE",
        city: "Recife",
        neighborhood: "Boa Viagem",
        street: "Avenida Boa Viagem",
      },
      found: true,
      cepNotFound: false,
    });
  });

  it("offers the lists only when a well-formed CEP was not found", async () => {
    const unknown = { ...typed, zipcode: "12345-678" };
    expect(await withLookedUpAddress(unknown, CUSTOMER_ADDRESS)).toEqual({
      values: unknown,
      found: false,
      cepNotFound: "unknown",
    });
    const malformed = { ...typed, zipcode: "1234" };
    expect(await withLookedUpAddress(malformed, CUSTOMER_ADDRESS)).toMatchObject({ found: false, cepNotFound: false });
  });

  it("says the service did not answer when it timed out, not that the CEP is unknown", async () => {
    const slow = { ...typed, zipcode: SLOW_CEP };
    expect(await withLookedUpAddress(slow, CUSTOMER_ADDRESS)).toEqual({
      values: slow,
      found: false,
      cepNotFound: "unavailable",
    });
  });

  it("keeps the lists, and how the lookup failed, while the CEP whose lookup failed is unchanged", () => {
    const form = new FormData();
    form.set("cepNaoEncontrado", "12345-678");
    expect(cepStillNotFound(form, "12345678")).toBe("unknown");
    form.set("cepFalha", "unavailable");
    expect(cepStillNotFound(form, "12345678")).toBe("unavailable");
    expect(cepStillNotFound(form, "51021-000")).toBe(false);
    expect(cepStillNotFound(new FormData(), "12345-678")).toBe(false);
  });
});

describe("state and city on save", () => {
  it("come from a found CEP, whatever the form sent", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(typed)) form.set(key, value);
    expect(await settleStateAndCity(form, CUSTOMER_ADDRESS)).toEqual({ cepNotFound: false });
    expect([form.get("state"), form.get("city"), form.get("street")]).toEqual(["PE", "Recife", "Rua Digitada"]);
  });

  it("stay as chosen from the lists when the CEP is not found, under a prefix too", async () => {
    const form = new FormData();
    form.set("estudante.cep", "12345-678");
    form.set("estudante.estado", "SP");
    form.set("estudante.cidade", "Campinas");
    expect(await settleStateAndCity(form, WIZARD_ADDRESS, "estudante.")).toEqual({ cepNotFound: "unknown" });
    expect([form.get("estudante.estado"), form.get("estudante.cidade")]).toEqual(["SP", "Campinas"]);
  });
});
