import { describe, expect, it } from "vitest";
import { shownDelivery } from "./delivery.ts";

const goods = (delivery_state: "awaiting" | "separated" | "ready" | "picked_up") => ({ type: "P", delivery_state });

describe("shownDelivery: the one rule of what a line shows of its delivery", () => {
  it("a paid sale's line shows its state, a seat its confirmed seat", () => {
    expect(shownDelivery("paid", goods("awaiting"))).toBe("awaiting");
    expect(shownDelivery("paid", goods("ready"))).toBe("ready");
    expect(shownDelivery("paid", { type: "S", delivery_state: "awaiting" })).toBe("seat_confirmed");
  });

  it("a line picked up stays picked up after a refund; nothing else of a refunded or unpaid sale shows", () => {
    expect(shownDelivery("refunded", goods("picked_up"))).toBe("picked_up");
    expect(shownDelivery("refunded", goods("awaiting"))).toBeNull();
    expect(shownDelivery("refunded", goods("ready"))).toBeNull();
    expect(shownDelivery("refunded", { type: "S", delivery_state: "awaiting" })).toBeNull();
    expect(shownDelivery("pending", goods("awaiting"))).toBeNull();
    expect(shownDelivery("cancelled", goods("awaiting"))).toBeNull();
  });
});
