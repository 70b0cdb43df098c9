import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBundledApi } from "../bundled-api.server.ts";
import { createStoreApiClient, StoreApiError, type StoreApiClient } from "./client.server.ts";
import { httpTransport, inProcessTransport } from "./transport.server.ts";

let dataDir: string;
let server: ServerType;
let inProcess: StoreApiClient;
let overHttp: StoreApiClient;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-transport-"));
  process.env.DATA_DIR = dataDir;
  const api = await getBundledApi();
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: api.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  inProcess = createStoreApiClient({ transport: inProcessTransport(), storeId: 1 });
  overHttp = createStoreApiClient({ transport: httpTransport(`http://127.0.0.1:${port}/`), storeId: 1 });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the store API client gives the same results in-process and over HTTP", () => {
  const calls: [string, (client: StoreApiClient) => Promise<unknown>][] = [
    ["categories", (c) => c.listCategories()],
    ["products by category", (c) => c.listProductsByCategorySlug("papelaria")],
    [
      "home products",
      (c) =>
        c.listHomeProducts([
          { slug: "cursos", limit: 15 },
          { slug: "fardamento", limit: 5 },
        ]),
    ],
    ["highlight", (c) => c.getHighlight(1)],
    ["search", (c) => c.searchProducts("camisa")],
    ["series", (c) => c.listSeries()],
    ["store", (c) => c.getStore()],
    ["payment methods", (c) => c.listPaymentMethods()],
  ];

  for (const [name, call] of calls) {
    it(name, async () => {
      const [a, b] = await Promise.all([call(inProcess), call(overHttp)]);
      expect(b).toEqual(a);
      expect(JSON.stringify(a).length).toBeGreaterThan(20);
    });
  }

  it("category by id and products by series", async () => {
    const [category] = await inProcess.listCategories();
    expect(await overHttp.getCategoryById(category!.id)).toEqual(await inProcess.getCategoryById(category!.id));
    const [serie] = await inProcess.listSeries();
    expect(await overHttp.listProductsBySeries([serie!.id])).toEqual(await inProcess.listProductsBySeries([serie!.id]));
  });

  it("errors carry the same status and message", async () => {
    const failures = await Promise.all(
      [inProcess, overHttp].map((client) => client.listProductsByCategorySlug("nao-existe").catch((error) => error)),
    );
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(StoreApiError);
      expect(failure).toMatchObject({ status: 404, message: "Categoria não encontrada." });
    }
  });

  it("an unreachable API becomes a 503 with a Portuguese message", async () => {
    const offline = createStoreApiClient({ transport: httpTransport("http://127.0.0.1:9"), storeId: 1 });
    await expect(offline.listCategories()).rejects.toMatchObject({
      status: 503,
      message: "Não foi possível falar com a loja agora. Tente novamente em instantes.",
    });
  });
});
