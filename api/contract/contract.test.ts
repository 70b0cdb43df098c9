import { describe, expect, it } from "vitest";
import { createStoreApi } from "../app.ts";
import type { ApiDeps } from "../deps.ts";
import { API_DOCUMENT_ROUTES } from "../openapi/routes.ts";
import { SPEC7_CALLS } from "#tests/fixtures/spec7-only-api.ts";
import { gestorEndpoints } from "./gestor/index.ts";
import { endpoints, specEndpoints } from "./index.ts";

describe("api/contract and the bundled API", () => {
  // Building the routes reads no dependency: nothing is called.
  const served = createStoreApi({} as ApiDeps).routes.filter((route) => route.method !== "ALL");
  const routeKeys = [...new Set(served.map((route) => `${route.method} ${route.path}`))].sort();
  // The gestor area's calls (api/contract/gestor) are served by the same app.
  const declaredKeys = [...endpoints, ...gestorEndpoints]
    .map((declared) => `${declared.method} ${declared.path}`)
    .concat(API_DOCUMENT_ROUTES)
    .sort();

  it("declares each endpoint once", () => {
    expect(new Set(declaredKeys).size).toBe(declaredKeys.length);
  });

  it("serves every declared endpoint and nothing undeclared", () => {
    expect(routeKeys).toEqual(declaredKeys);
  });

  it("marks as extension every call that spec §7 does not list (docs/decisions/0026)", () => {
    // list-student-by-id is in §7 but unused ("the result is not shown"), so not declared.
    const spec7 = SPEC7_CALLS.filter((call) => call !== "GET /students/list-student-by-id");
    expect(specEndpoints.map((declared) => `${declared.method} ${declared.path}`).sort()).toEqual([...spec7].sort());
  });
});
