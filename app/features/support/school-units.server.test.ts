/**
 * /atendimento's units come from the database through the store API's kept read (issue 27): a
 * change to a unit shows on the next request, because school_units moves the catalogue version
 * (migration 0034), which drops the kept read (decision 0036).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type StoreDatabase } from "#db/client.ts";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import { storefrontGet } from "#tests/fixtures/storefront-requests.ts";
import { storeApiFor } from "#app/.server/store-api/index.server.ts";
import { contactPageData } from "./contact.server.ts";

let dataDir: string;
let db: StoreDatabase;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-unidades-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
  // The bundled API migrates and seeds on first use; a second connection changes the units.
  await storeApiFor(storefrontGet(null)).listPaymentMethods();
  db = await openDatabase({ dataDir });
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function unitsShown() {
  // No protocol to show: the loader answers its plain object.
  const page = await contactPageData(await requestArgs(storefrontGet(null, "/atendimento")));
  if (!("units" in page)) throw new Error("the page answered a protocol");
  return page.units;
}

const unit = (code: string) => db.updateTable("school_units").where("store_id", "=", 1).where("code", "=", code);

describe("/atendimento's units", () => {
  it("lists the active units in the network's order, with their pickup hours", async () => {
    const units = await unitsShown();
    expect(units.map((shown) => shown.code)).toEqual(["0", "1", "3", "4", "5", "6", "7", "10", "13"]);
    expect(units[1]).toEqual({
      code: "1",
      name: "Colégio Saber Boa Viagem",
      address: "Rua Ernesto de Paula Santos, 1020, Boa Viagem",
      city: "Recife - PE",
      phone: "(81) 3034-1101",
      email: "boaviagem@lojaescolar.com.br",
      pickupHours: "Seg. a sex., 7h às 17h",
    });
  });

  it("shows a unit's new phone on the next request, and no longer an inactive unit", async () => {
    // Read once, so the reply is kept.
    expect((await unitsShown()).find((shown) => shown.code === "1")?.phone).toBe("(81) 3034-1101");
    await unit("1").set({ phone: "(81) 3034-9999" }).execute();
    await unit("6").set({ active: 0 }).execute();
    try {
      const units = await unitsShown();
      expect(units.find((shown) => shown.code === "1")?.phone).toBe("(81) 3034-9999");
      expect(units.map((shown) => shown.code)).not.toContain("6");
    } finally {
      await unit("1").set({ phone: "(81) 3034-1101" }).execute();
      await unit("6").set({ active: 1 }).execute();
    }
  });
});
