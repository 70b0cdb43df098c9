import { describe, expect, it } from "vitest";
import { pathOf, returnUrl } from "./return-path.server.ts";

const back = (redirectTo: string) => {
  const form = new FormData();
  form.set("redirectTo", redirectTo);
  return pathOf(returnUrl(form));
};

describe("returnUrl", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    expect(back("/produto/caderno?aluno=1#topo")).toBe("/produto/caderno?aluno=1#topo");
    expect(back("/conta/../compra")).toBe("/compra");
  });

  it.each([
    "//evil.com",
    "/.//evil.com",
    "/\\evil.com",
    "/\\/evil.com",
    "/./\\evil.com",
    "/\t/evil.com",
    "https://evil.com/",
    "evil.com",
    "javascript:alert(1)",
    "",
  ])("sends %j home", (redirectTo) => {
    expect(back(redirectTo)).toBe("/");
  });

  it("sends an absurdly long path home instead of into a Location header", () => {
    expect(back(`/produto/${"a".repeat(1_000_000)}`)).toBe("/");
  });

  it("sends home a form without the field, or with a file in it", () => {
    expect(pathOf(returnUrl(new FormData()))).toBe("/");
    const form = new FormData();
    form.set("redirectTo", new Blob(["/conta"]));
    expect(pathOf(returnUrl(form))).toBe("/");
  });
});
