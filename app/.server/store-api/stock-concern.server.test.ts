import { describe, expect, it } from "vitest";
import type { ExtensionCall } from "#api/contract/index.ts";
import { ALL_EXTENSIONS } from "./extensions.server.ts";
import { stockConcernNote } from "./stock-concern.server.ts";

describe("what the log says of stock and seats", () => {
  it("says nothing when the store API carries them (the bundled API, or a school's with the product page's call)", () => {
    expect(stockConcernNote(ALL_EXTENSIONS)).toBeNull();
    expect(stockConcernNote(new Set<ExtensionCall>(["getProductBySlug"]))).toBeNull();
  });

  it("says stock and seats are the school's concern when the API has only spec §7's calls", () => {
    expect(stockConcernNote(new Set())).toBe(
      '[estoque] a API da loja não informa estoque nem vagas (sem getProductBySlug): a loja vende como antes, sem "Esgotado" nem "Restam N vagas"; estoque e vagas ficam a cargo da escola.',
    );
    const withoutProductPage = new Set([...ALL_EXTENSIONS].filter((call) => call !== "getProductBySlug"));
    expect(stockConcernNote(withoutProductPage)).toMatch(/^\[estoque\] .* ficam a cargo da escola\.$/);
  });
});
