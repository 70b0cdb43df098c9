import { describe, expect, it } from "vitest";
import {
  gestorGet,
  gestorTestStoreForFile,
  locationOf,
  loginFor,
  parentWithCart,
  thrownBy,
} from "#tests/fixtures/gestor-requests.ts";
import { SEARCH_TOO_SHORT } from "#api/contract/gestor/search-text.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { loadSearch } from "./search.server.ts";

const { store, atendimento: atendente } = gestorTestStoreForFile(["atendimento"]);

const searchFor = (q: string, cookie = atendente.cookie) =>
  loadSearch(gestorGet(cookie, `${GESTOR_PATHS.search}?q=${encodeURIComponent(q)}`));

describe("the header search", () => {
  it("sends a visitor without a staff session to the login", async () => {
    const thrown = await thrownBy(searchFor("Maria", ""));
    expect(locationOf(thrown)).toBe(loginFor(`${GESTOR_PATHS.search}?q=Maria`));
  });

  it("asks for nothing before a search, and finds a customer by name", async () => {
    expect(await searchFor("  ")).toEqual({ q: "", error: null, results: null });
    const parent = await parentWithCart(store.db, "Iolanda Vasconcelos");
    const found = await searchFor("Iolanda Vasconcelos");
    expect(found.error).toBeNull();
    expect(found.results!.customers!.rows.map((row) => row.id)).toEqual([parent.customer.id]);
  });

  it("tells why a text too short cannot be searched, without asking the API", async () => {
    const refused = await searchFor("a");
    expect(refused.results).toBeNull();
    expect(refused.q).toBe("a");
    expect(refused.error).toBe(SEARCH_TOO_SHORT);
  });
});
