import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildPath, endpoint, matchEndpoint } from "./endpoint.ts";

const finish = endpoint({
  method: "PUT",
  path: "/carts/finish-cart-by-customer/:customerId/cart/:cartId/store/:storeId",
  reply: z.object({}),
});
const search = endpoint({
  method: "GET",
  path: "/products/search-products-by-title/store/:storeId/visible/enabled",
  reply: z.object({}),
});
const resetRequest = endpoint({ method: "POST", path: "/customers/reset-password", reply: null });
const resetCheck = endpoint({ method: "GET", path: "/customers/reset-password/:token", reply: null });

describe("buildPath", () => {
  it("puts each parameter in its place, encoded", () => {
    expect(buildPath(finish.path, { customerId: "c-1", cartId: "a/b?c", storeId: 1 })).toBe(
      "/carts/finish-cart-by-customer/c-1/cart/a%2Fb%3Fc/store/1",
    );
    expect(buildPath(resetCheck.path, { token: "x y" })).toBe("/customers/reset-password/x%20y");
  });

  it("appends the query encoded, leaving out undefined values", () => {
    expect(buildPath(search.path, { storeId: 1 }, { title: "caderno & lápis", page: undefined })).toBe(
      "/products/search-products-by-title/store/1/visible/enabled?title=caderno%20%26%20l%C3%A1pis",
    );
    expect(buildPath(resetRequest.path, {}, {})).toBe("/customers/reset-password");
  });

  it("refuses a missing parameter rather than sending 'undefined'", () => {
    expect(() => buildPath(finish.path, { customerId: "c-1", storeId: 1 } as never)).toThrow(/:cartId/);
  });
});

describe("matchEndpoint", () => {
  const all = [finish, search, resetRequest, resetCheck];

  it("finds the endpoint by method and path, whatever the query", () => {
    expect(matchEndpoint(all, "PUT", "/carts/finish-cart-by-customer/c/cart/k/store/1")).toBe(finish);
    expect(matchEndpoint(all, "get", "/products/search-products-by-title/store/1/visible/enabled?title=x")).toBe(
      search,
    );
    expect(matchEndpoint(all, "POST", "/customers/reset-password")).toBe(resetRequest);
    expect(matchEndpoint(all, "GET", "/customers/reset-password/abc")).toBe(resetCheck);
  });

  it("needs the same method, every segment and no extra one", () => {
    expect(matchEndpoint(all, "GET", "/carts/finish-cart-by-customer/c/cart/k/store/1")).toBeUndefined();
    expect(matchEndpoint(all, "PUT", "/carts/finish-cart-by-customer/c/cart/k/store")).toBeUndefined();
    expect(matchEndpoint(all, "PUT", "/carts/finish-cart-by-customer/c/cart/k/store/1/x")).toBeUndefined();
    expect(matchEndpoint(all, "GET", "/customers/reset-password/a/b")).toBeUndefined();
    expect(matchEndpoint(all, "GET", "/customers/reset-password/")).toBeUndefined();
  });

  it("reads the path's dots and dashes literally", () => {
    const dotted = endpoint({ method: "GET", path: "/a.b/:id", reply: null });
    expect(matchEndpoint([dotted], "GET", "/a.b/1")).toBe(dotted);
    expect(matchEndpoint([dotted], "GET", "/axb/1")).toBeUndefined();
  });
});
