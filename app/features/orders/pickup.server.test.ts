import { describe, expect, it } from "vitest";
import type { SaleBag } from "#api/contract/orders.ts";
import { DEFAULT_SCHOOL_UNIT } from "#core/school-units.ts";
import { bagsWithPickup } from "./pickup.server.ts";

const unit = {
  code: "1",
  name: "Colégio do Bairro",
  address: "Rua A, 1",
  city: "Recife - PE",
  phone: "(81) 3000-0000",
  email: "bairro@escola.test",
  pickupHours: "Sáb., 8h às 12h",
  active: true,
};

const item = (type: string, CODCOLIGADA?: string): SaleBag["items"][number] => ({
  itemTOTVSId: 1,
  title: "Item",
  type,
  quantity: 1,
  unitPrice: 10,
  originalUnitPrice: 10,
  image: "/x.svg",
  productSlug: "item",
  categorySlug: "papelaria",
  ...(CODCOLIGADA === undefined ? {} : { CODCOLIGADA }),
});

const bag = (...items: SaleBag["items"]): SaleBag => ({
  id: "b",
  saleId: "s",
  studentName: "Lia",
  studentRA: null,
  total: 10,
  status: "pending",
  items,
});

describe("bagsWithPickup", () => {
  it("says where and when each good is picked up; a course or event has no pickup", () => {
    const [picked] = bagsWithPickup([unit], [bag(item("P", "1"), item("M", "1"), item("S", "1"))]);
    expect(picked!.items.map((line) => line.pickup)).toEqual([
      "Retirada: Colégio do Bairro, Rua A, 1, Recife - PE · Sáb., 8h às 12h",
      "Retirada: Colégio do Bairro, Rua A, 1, Recife - PE · Sáb., 8h às 12h",
      null,
    ]);
  });

  it("shows spec §9's fallback for an unknown unit, and nothing when the API does not say the unit", () => {
    const [picked] = bagsWithPickup([], [bag(item("P", "99"), item("P"))]);
    expect(picked!.items.map((line) => line.pickup)).toEqual([
      `Retirada: ${DEFAULT_SCHOOL_UNIT.name}, ${DEFAULT_SCHOOL_UNIT.address}, ${DEFAULT_SCHOOL_UNIT.city}`,
      null,
    ]);
  });
});
