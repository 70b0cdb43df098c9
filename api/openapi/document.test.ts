import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { createStoreApi } from "../app.ts";
import { specEndpoints } from "../contract/index.ts";
import type { ApiDeps } from "../deps.ts";
import { EXTENSION_TAG, GESTOR_TAG, INTEGRATION_TAG, openApiDocument, openApiPath, SPEC_TAG } from "./document.ts";
import { API_DOCUMENT_ROUTES } from "./routes.ts";

type Parameter = { name: string; in: string; schema: Record<string, unknown> };
type Operation = {
  tags: string[];
  parameters?: Parameter[];
  requestBody?: unknown;
  security?: unknown;
  responses: Record<string, unknown>;
};

describe("the store API's OpenAPI document (/api/openapi.json)", () => {
  // Building the routes reads no dependency: nothing is called.
  const api = createStoreApi({} as ApiDeps);
  const document = openApiDocument();
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({ path, method, operation })),
  );
  const operation = (method: string, path: string) =>
    operations.find((candidate) => candidate.method === method.toLowerCase() && candidate.path === openApiPath(path));

  it("validates against the OpenAPI 3.1 schema", async () => {
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it("the validator refuses a document that breaks the schema (so the check above can fail)", async () => {
    // OpenAPI 2's body parameter: not a place a 3.1 parameter may be.
    const broken = structuredClone(document) as { paths: Record<string, Record<string, { parameters?: unknown }>> };
    Object.values(Object.values(broken.paths)[0]!)[0]!.parameters = [{ name: "corpo", in: "body", schema: {} }];
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it("lists every route the bundled API serves, and nothing it does not", () => {
    const served = api.routes
      .filter((route) => route.method !== "ALL")
      .map((route) => `${route.method} ${route.path}`)
      .filter((key) => !(API_DOCUMENT_ROUTES as readonly string[]).includes(key));
    const described = operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect([...new Set(served.map((key) => key.replace(/:([A-Za-z0-9_]+)/g, "{$1}")))].sort()).toEqual(
      described.sort(),
    );
  });

  it("marks spec §7's calls apart from the bundled API's own", () => {
    const spec = operations.filter(({ operation }) => operation.tags.includes(SPEC_TAG));
    expect(spec.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual(
      specEndpoints.map((declared) => `${declared.method} ${openApiPath(declared.path)}`).sort(),
    );
    expect(operations.filter(({ operation }) => operation.tags.includes(EXTENSION_TAG)).length).toBeGreaterThan(0);
    expect(operation("GET", "/gestor/search")?.operation.tags).toEqual([GESTOR_TAG]);
  });

  it("documents the ERP's sync calls with an integration key (or an admin's session) and an example", () => {
    const sync = [
      "/gestor/roster/students/by-ra/:ra",
      "/gestor/roster/students/by-ra/:ra/enrolments/:codperlet",
      "/gestor/roster/grades/:codperlet/:codgrade",
    ];
    for (const path of sync) {
      const put = operation("PUT", path)?.operation;
      expect(put?.tags).toEqual([GESTOR_TAG, INTEGRATION_TAG]);
      expect(put?.security).toEqual([{ integrationKey: [] }, { bearer: [] }]);
    }
    expect(operations.filter(({ operation }) => operation.tags.includes(INTEGRATION_TAG))).toHaveLength(sync.length);
    expect(document.tags.map((tag) => tag.name)).toContain(INTEGRATION_TAG);
    const student = JSON.stringify(operation("PUT", sync[0]!)!.operation.requestBody);
    // What the ERP may leave out is not required.
    expect(student).toContain('"required":["nome","dtnascimento","enrolment","responsibles"]');
    for (const field of ['"enrolment"', '"CODPERLET"', '"responsibles"', '"parentesco"', '"example"'])
      expect(student).toContain(field);
  });

  it("describes a call's parameters and body from the contract's schemas", () => {
    const search = operation("GET", "/gestor/search")!.operation;
    expect(search.parameters?.map((p) => `${p.in} ${p.name}`)).toContain("query q");
    const login = operations.find(({ method, path }) => method === "post" && path.includes("login"))!.operation;
    expect(JSON.stringify(login.requestBody)).toContain('"password"');
  });

  it("documents finish-cart's 409 with the sold-out items", () => {
    const finish = operation(
      "PUT",
      "/carts/finish-cart-by-customer/:customerId/cart/:cartId/store/:storeId",
    )!.operation;
    const conflict = JSON.stringify(finish.responses["409"]);
    expect(conflict).toContain('"ITEM_SOLD_OUT"');
    expect(conflict).toContain('"optionValue"');
  });

  it("documents an order line's chosen option as optional (issue 28)", () => {
    for (const path of [
      "/sale-bags/list-sale-bag-by-sale-id/:saleId/store/:storeId",
      "/sale-bags/check-status-sale-bag/store/:storeId/sale/:saleId/saleBag/:saleBagId",
    ]) {
      const reply = JSON.stringify(operation("GET", path)!.operation.responses["200"]);
      const item = reply.slice(reply.indexOf('"itemTOTVSId"'));
      expect(item).toContain('"optionName":{"type":"string"}');
      expect(item).toContain('"optionValue":{"type":"string"}');
      // The line's own list of required fields (a nested object, its delivery, has its own).
      const required = [...item.matchAll(/"required":(\[[^\]]*\])/g)]
        .map((match) => JSON.parse(match[1]!) as string[])
        .find((fields) => fields.includes("itemTOTVSId"))!;
      expect(required).toContain("title");
      expect(required).not.toContain("optionName");
      expect(required).not.toContain("optionValue");
      // Nor is its delivery (issue 30): a school API without it still matches.
      expect(item).toContain('"delivery":{');
      expect(required).not.toContain("delivery");
    }
  });

  it("types a path parameter as the API checks it, and leaves the others text", () => {
    const pathParameters = (method: string, path: string) =>
      Object.fromEntries(
        operation(method, path)!
          .operation.parameters!.filter((p) => p.in === "path")
          .map((p) => [p.name, p.schema]),
      );
    const category = pathParameters("GET", "/categories/list-category-by-id-and-store-id/:id/store/:storeId");
    expect(category.storeId).toMatchObject({ type: "integer", maximum: 2_147_483_647 });
    expect(category.id).toMatchObject({ type: "string", format: "uuid" });
    const boleto = pathParameters("GET", "/sales/boleto/:saleId/store/:storeId");
    expect(boleto.storeId).toMatchObject({ type: "integer" });
    expect(boleto.saleId).toEqual({ type: "string" });
  });

  it("is served as JSON at /openapi.json and as a page without scripts at /docs", async () => {
    const json = await api.request("/openapi.json");
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual(JSON.parse(JSON.stringify(document)));
    const page = await api.request("/docs");
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("GET /gestor/search");
    expect(html).toContain('href="openapi.json"');
    expect(html).not.toMatch(/<script|https?:\/\//);
  });
});
