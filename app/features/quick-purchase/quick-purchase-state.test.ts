import { describe, expect, it } from "vitest";
import { withLinkState } from "#app/lib/url-state.ts";
import { gradesChosen, MAX_ITEMS, quickPurchaseHref, readQuickState } from "./quick-purchase-state.ts";

const read = (search: string) => readQuickState(new URLSearchParams(search));

describe("Compra Rápida's steps in the address", () => {
  it("starts at step 1 and reads the grades and items chosen", () => {
    expect(read("")).toEqual({ step: 1, series: [], items: [] });
    expect(read("passo=3&serie=109&serie=110&item=10001&item=10002")).toEqual({
      step: 3,
      series: [109, 110],
      items: [10001, 10002],
    });
  });

  it("ignores what is not a step, an id or is repeated, and bounds the list", () => {
    expect(read("passo=9&serie=abc&serie=-1&serie=109&serie=109&item=1.5")).toEqual({
      step: 1,
      series: [109],
      items: [],
    });
    const many = Array.from({ length: MAX_ITEMS + 10 }, (_, i) => `item=${i + 1}`).join("&");
    expect(read(`passo=2&${many}`).items).toHaveLength(MAX_ITEMS);
  });

  it("writes a step's address, which reads back the same", () => {
    const state = { step: 3 as const, series: [109], items: [10001, 10002] };
    const href = quickPurchaseHref(state);
    expect(href).toBe("/compra-rapida?passo=3&serie=109&item=10001&item=10002");
    expect(read(href.split("?")[1]!)).toEqual(state);
    expect(quickPurchaseHref({ step: 1, series: [109], items: [10001] })).toBe("/compra-rapida?serie=109");
  });

  it("keeps the steps when the student chooser adds its own state", () => {
    const base = quickPurchaseHref({ step: 3, series: [109], items: [10001] });
    const list = withLinkState(base, "lista", "aluno-1");
    expect(list).toBe("/compra-rapida?passo=3&serie=109&item=10001&vinculo=lista&aluno=aluno-1");
    expect(withLinkState(list, "escolha")).toBe("/compra-rapida?passo=3&serie=109&item=10001&vinculo=escolha");
    expect(withLinkState("/compra", "lista", "x")).toBe("/compra?vinculo=lista&aluno=x");
  });
});

describe("gradesChosen", () => {
  it("is any step-1 submit or grade in the address, not a bare first visit", () => {
    const chosen = (search: string) => gradesChosen(new URLSearchParams(search));
    expect(chosen("")).toBe(false);
    expect(chosen("vinculo=lista")).toBe(false);
    expect(chosen("passo=2")).toBe(true);
    expect(chosen("serie=109")).toBe(true);
  });
});
