import { describe, expect, it, vi } from "vitest";
import type { Serie } from "#api/contract/catalogue.ts";
import { currentSeries } from "./series.server.ts";

const SERIES: Serie[] = [
  { id: 109, CURSO: "Ensino Fundamental II", HABILITACAO: "6º Ano", codgrade: "EF06", CODPERLET: "202600" },
];

describe("the grade list", () => {
  it("is asked of the store API for each page, so a grade added in the gestor shows on the next one", async () => {
    const added = { ...SERIES[0]!, id: 300, codgrade: "EF06B", HABILITACAO: "6º Ano B" };
    const listSeries = vi
      .fn<() => Promise<Serie[]>>()
      .mockResolvedValueOnce(SERIES)
      .mockResolvedValueOnce([...SERIES, added]);
    expect(await currentSeries({ listSeries })).toEqual(SERIES);
    expect(await currentSeries({ listSeries })).toEqual([...SERIES, added]);
  });

  it("is empty when the call fails (spec §8), and the next page asks again", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const listSeries = vi.fn<() => Promise<Serie[]>>().mockRejectedValueOnce(new Error("fora do ar"));
    listSeries.mockResolvedValue(SERIES);
    expect(await currentSeries({ listSeries })).toEqual([]);
    expect(error).toHaveBeenCalled();
    expect(await currentSeries({ listSeries })).toEqual(SERIES);
    error.mockRestore();
  });
});
