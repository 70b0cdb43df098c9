import { describe, expect, it, vi } from "vitest";
import type { Serie } from "#api/contract/catalogue.ts";
import { cachedSeries } from "./series.server.ts";

const SERIES: Serie[] = [
  { id: 109, CURSO: "Ensino Fundamental II", HABILITACAO: "6º Ano", codgrade: "EF06", CODPERLET: "202600" },
];
let storeId = 1000;

/** A store API whose series call is counted; each test its own store, so the cache starts empty. */
function api(listSeries = vi.fn(async () => SERIES)) {
  return { storeId: ++storeId, listSeries };
}

describe("the grade list", () => {
  it("is asked once per store and period, then kept", async () => {
    const store = api();
    const now = new Date("2026-03-10T12:00:00Z");
    expect(await cachedSeries(store, now)).toEqual(SERIES);
    expect(await cachedSeries(store, new Date("2026-03-10T12:05:00Z"))).toEqual(SERIES);
    expect(store.listSeries).toHaveBeenCalledTimes(1);
    // A new school period is another list.
    await cachedSeries(store, new Date("2027-01-05T12:00:00Z"));
    expect(store.listSeries).toHaveBeenCalledTimes(2);
  });

  it("is asked again once its time is over", async () => {
    const store = api();
    await cachedSeries(store, new Date("2026-03-10T12:00:00Z"));
    await cachedSeries(store, new Date("2026-03-10T12:11:00Z"));
    expect(store.listSeries).toHaveBeenCalledTimes(2);
  });

  it("is empty when the call fails (spec §8), and the failure is not kept", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const listSeries = vi.fn<() => Promise<Serie[]>>().mockRejectedValueOnce(new Error("fora do ar"));
    listSeries.mockResolvedValue(SERIES);
    const store = api(listSeries);
    const now = new Date("2026-03-10T12:00:00Z");
    expect(await cachedSeries(store, now)).toEqual([]);
    expect(error).toHaveBeenCalled();
    expect(await cachedSeries(store, now)).toEqual(SERIES);
    error.mockRestore();
  });
});
