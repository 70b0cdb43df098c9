import { describe, expect, it } from "vitest";
import { createStoreApi } from "../app.ts";
import type { ApiDeps } from "../deps.ts";
import { endpoints } from "./index.ts";

describe("api/contract and the bundled API", () => {
  // Building the routes reads no dependency: nothing is called.
  const served = createStoreApi({} as ApiDeps).routes.filter((route) => route.method !== "ALL");
  const routeKeys = [...new Set(served.map((route) => `${route.method} ${route.path}`))].sort();
  const declaredKeys = endpoints.map((declared) => `${declared.method} ${declared.path}`).sort();

  it("declares each endpoint once", () => {
    expect(new Set(declaredKeys).size).toBe(declaredKeys.length);
  });

  it("serves every declared endpoint and nothing undeclared", () => {
    expect(routeKeys).toEqual(declaredKeys);
  });
});
