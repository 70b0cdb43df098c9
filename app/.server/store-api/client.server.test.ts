import { afterEach, describe, expect, it, vi } from "vitest";
import { createStoreApiClient, STORE_API_UNAVAILABLE, StoreApiError } from "./client.server.ts";
import type { StoreApiTransport } from "./transport.server.ts";

/** A transport answering `reply` and recording what it was asked. */
function answering(status: number, body?: unknown) {
  const requests: { path: string; init: RequestInit }[] = [];
  const transport: StoreApiTransport = async (path, init) => {
    requests.push({ path, init });
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  };
  return { requests, client: createStoreApiClient({ transport, storeId: 1, token: "token-de-teste" }) };
}

afterEach(() => vi.restoreAllMocks());

describe("the store API client", () => {
  it("builds the path from the contract, encoding each parameter and the query", async () => {
    const { requests, client } = answering(200, { products: [] });
    await client.searchProducts("caderno 10/matérias");
    vi.spyOn(console, "error").mockImplementation(() => {});
    await client.getCategoryById("a/b").catch(() => undefined);
    expect(requests.map((request) => request.path)).toEqual([
      "/products/search-products-by-title/store/1/visible/enabled?title=caderno%2010%2Fmat%C3%A9rias",
      "/categories/list-category-by-id-and-store-id/a%2Fb/store/1",
    ]);
    expect(new Headers(requests[0]!.init.headers).get("authorization")).toBe("Bearer token-de-teste");
  });

  it("turns a 2xx that breaks the contract into a 502, logging the call and the issue but never the body", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { client } = answering(200, { store: { id: 1, name: "Loja", cpfDoCliente: "52998224725" } });
    const failure = await client.getStore().catch((thrown: unknown) => thrown);
    expect(failure).toBeInstanceOf(StoreApiError);
    expect(failure).toMatchObject({ status: 502, message: STORE_API_UNAVAILABLE });
    expect(error).toHaveBeenCalledTimes(1);
    const logged = error.mock.calls[0]!.join(" ");
    expect(logged).toContain("GET /stores/list-store-by-store-id/:storeId store.legalName");
    expect(logged).not.toContain("52998224725");
  });

  it("answers the checked reply", async () => {
    const methods = [{ id: 7, code: "0", name: "boleto" }];
    expect(await answering(200, { paymentMethods: methods }).client.listPaymentMethods()).toEqual(methods);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const unknownCode = answering(200, { paymentMethods: [{ id: 7, code: "9", name: "pix" }] }).client;
    await expect(unknownCode.listPaymentMethods()).rejects.toMatchObject({ status: 502 });
  });

  it("keeps the spec's 204: undefined where the contract allows an empty reply, a 502 elsewhere", async () => {
    expect(await answering(204).client.createCustomer({} as never)).toBeUndefined();
    expect(await answering(204).client.logoutCustomer()).toBeUndefined();
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(answering(204).client.getStore()).rejects.toMatchObject({
      status: 502,
      message: STORE_API_UNAVAILABLE,
    });
  });

  it("refusals keep the API's status and message", async () => {
    await expect(answering(401, { error: { message: "Token expirado." } }).client.getCart("c")).rejects.toMatchObject({
      status: 401,
      message: "Token expirado.",
    });
    await expect(answering(500, "<html>").client.getCart("c")).rejects.toMatchObject({
      status: 500,
      message: STORE_API_UNAVAILABLE,
    });
  });

  it("names a school API's codgrade-only enrolment from the series call, and a reply without grades as it is", async () => {
    const period = `${new Date().getFullYear()}00`;
    const student = (schoolYears: unknown[]) => ({
      id: "aluno-1",
      nome: "Lucas",
      RA: "20250001",
      cpf: null,
      email: null,
      telefone1: null,
      cep: null,
      rua: null,
      numero: null,
      bairro: null,
      cidade: null,
      estado: null,
      naturalidade: null,
      estadonatal: null,
      turno: null,
      schoolYears,
      Affiliates: [],
      Responsibles: [],
    });
    const series = [
      { id: 109, CURSO: "Ensino Fundamental II", HABILITACAO: "6º Ano", codgrade: "EF06", CODPERLET: period },
    ];
    const requests: string[] = [];
    const school = (schoolYears: unknown[]) =>
      createStoreApiClient({
        storeId: 1,
        token: "token-de-teste",
        transport: async (path) => {
          requests.push(path);
          const body = path.startsWith("/serie-totvs/")
            ? { series }
            : { students: [{ id: "vinculo-1", studentId: "aluno-1", student: student(schoolYears) }] };
          return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
        },
      });

    const [named] = await school([
      { CODPERLET: period, CODCOLIGADA: "1", deletedAt: null, codgrade: "EF06", TURMA: "B" },
    ]).listStudents("cliente-1");
    expect(named!.student.schoolYears).toEqual([
      {
        CODPERLET: period,
        CODCOLIGADA: "1",
        deletedAt: null,
        codgrade: "EF06",
        TURMA: "B",
        CURSO: "Ensino Fundamental II",
        HABILITACAO: "6º Ano",
      },
    ]);
    expect(requests.some((path) => path.startsWith("/serie-totvs/"))).toBe(true);

    requests.length = 0;
    const specOnly = [{ CODPERLET: period, CODCOLIGADA: "1", deletedAt: null }];
    const [plain] = await school(specOnly).listStudents("cliente-1");
    expect(plain!.student.schoolYears).toEqual(specOnly);
    expect(requests.some((path) => path.startsWith("/serie-totvs/"))).toBe(false);
  });
});
