import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SCHOOL_UNIT } from "#core/school-units.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { listActiveUnits, unitByCode } from "./repository.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const setUnit = (code: string, values: { active?: number; position?: number; pickup_hours?: string }) =>
  t.db.updateTable("school_units").set(values).where("store_id", "=", 1).where("code", "=", code).execute();

describe("GET /units/list-units-by-store-id/:storeId (beyond spec §7)", () => {
  it("lists the demo network's units, head office first, with what the storefront shows", async () => {
    const response = await t.api.request("/units/list-units-by-store-id/1");
    // The same for everyone: the API leaves it cacheable, as the catalogue's reads.
    expect(response.headers.get("cache-control")).toBeNull();
    const { status, body } = await t.call("GET", "/units/list-units-by-store-id/1");
    expect(status).toBe(200);
    expect(body.units.map((unit: { CODCOLIGADA: string }) => unit.CODCOLIGADA)).toEqual([
      "0",
      "1",
      "3",
      "4",
      "5",
      "6",
      "7",
      "10",
      "13",
    ]);
    expect(body.units[2]).toEqual({
      CODCOLIGADA: "3",
      name: "Colégio Saber Casa Forte",
      address: "Praça de Casa Forte, 354, Casa Forte",
      city: "Recife - PE",
      phone: "(81) 3034-1303",
      email: "casaforte@lojaescolar.com.br",
      pickupHours: "Seg. a sex., 7h às 17h",
      active: true,
    });
  });

  it("follows the network's order and keeps inactive units, marked, with their pickup hours", async () => {
    await setUnit("13", { position: 0, pickup_hours: "Seg. a sex., 7h às 17h" });
    await setUnit("7", { active: 0 });
    try {
      const { body } = await t.call("GET", "/units/list-units-by-store-id/1");
      expect(body.units[0]).toMatchObject({ CODCOLIGADA: "13", pickupHours: "Seg. a sex., 7h às 17h", active: true });
      expect(body.units.find((unit: { CODCOLIGADA: string }) => unit.CODCOLIGADA === "7").active).toBe(false);
    } finally {
      await setUnit("13", { position: 9 });
      await setUnit("7", { active: 1 });
    }
  });

  it("answers 404 for a store that does not exist and 400 for a store id that is not one", async () => {
    const missing = await t.call("GET", "/units/list-units-by-store-id/2");
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("Loja não encontrada.");
    const invalid = await t.call("GET", "/units/list-units-by-store-id/abc");
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toBe("Identificador de loja inválido.");
  });
});

describe("units repository", () => {
  it("offers only active units for new choices", async () => {
    await setUnit("6", { active: 0 });
    try {
      const codes = (await listActiveUnits(t.db, 1)).map((unit) => unit.code);
      expect(codes).not.toContain("6");
      expect(codes).toContain("5");
    } finally {
      await setUnit("6", { active: 1 });
    }
  });

  it("finds a unit by code, an inactive one too, and the head office for an unknown code (spec §9)", async () => {
    await setUnit("4", { active: 0 });
    try {
      expect((await unitByCode(t.db, 1, "4")).name).toBe("Colégio Saber Graças");
    } finally {
      await setUnit("4", { active: 1 });
    }
    expect((await unitByCode(t.db, 1, "99")).name).toBe("Rede Saber Escolar - Sede Administrativa");
    // A store without units of its own: the default of core/school-units.ts.
    expect(await unitByCode(t.db, 2, "1")).toBe(DEFAULT_SCHOOL_UNIT);
  });
});
