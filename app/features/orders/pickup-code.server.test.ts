import { describe, expect, it } from "vitest";
import { shownPickupCode } from "./pickup-code.server.ts";

describe("the pickup code a page shows (issue 30)", () => {
  it("prints the code with its QR, and says a pending sale's is ready after the payment", async () => {
    const pending = await shownPickupCode({ pickupCode: "AB3K7Q", status: "pending" });
    expect(pending).toMatchObject({ code: "AB3-K7Q", paid: false });
    expect(pending!.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await shownPickupCode({ pickupCode: "AB3K7Q", status: "paid" })).toMatchObject({ paid: true });
  });

  it("shows none without a code (a seat-only sale, a school API without it) or for a sale that will not be paid", async () => {
    expect(await shownPickupCode({ pickupCode: null, status: "paid" })).toBeNull();
    expect(await shownPickupCode({ status: "paid" })).toBeNull();
    for (const status of ["cancelled", "expired", "refunded"] as const)
      expect(await shownPickupCode({ pickupCode: "AB3K7Q", status })).toBeNull();
  });
});
