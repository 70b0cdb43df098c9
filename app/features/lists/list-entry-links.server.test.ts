/**
 * Where the storefront finds a material list (issue 29): which students get "Lista de
 * material", and what the public pages and the links do against a store API that has only
 * spec §7's calls (docs/decisions/0026): the pages are not found and every link is hidden.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StudentLink } from "#api/contract/students.ts";
import { storeApi } from "#app/.server/request-context.server.ts";
import { getBundledApi } from "#app/.server/bundled-api.server.ts";
import { currentPeriodCode } from "#core/dates.ts";
import { startSpec7OnlyApi, type Spec7OnlyApi } from "#tests/fixtures/spec7-only-api.ts";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import { storefrontGet } from "#tests/fixtures/storefront-requests.ts";
import { publishedLists, studentListEntries } from "./list-entry-links.server.ts";
import { loadPublicList, loadPublicLists } from "./public-list.server.ts";

let dataDir: string;
let filtered: Spec7OnlyApi;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-listas-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
  filtered = await startSpec7OnlyApi(async (request) => (await getBundledApi()).fetch(request));
  process.env.STORE_API_URL = filtered.url;
  await getBundledApi();
});

afterAll(async () => {
  await filtered.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const NOW = new Date("2026-11-27T15:00:00Z");
const PERIOD = currentPeriodCode(NOW);

/** A linked student with these enrolments (period, grade, ended or not). */
function linked(nome: string, years: { CODPERLET: string; codgrade: string; deletedAt?: string }[]): StudentLink {
  return {
    id: crypto.randomUUID(),
    studentId: crypto.randomUUID(),
    student: {
      nome,
      schoolYears: years.map((year) => ({ CODCOLIGADA: "1", deletedAt: null, ...year })),
    },
  } as unknown as StudentLink;
}

describe("the students who get a link to their list", () => {
  const lists = [{ periodCode: PERIOD, codgrade: "EF06" }];

  it("are those enrolled now in a grade whose list is published, named by their first name", () => {
    const lucas = linked("LUCAS ALMEIDA SANTOS", [{ CODPERLET: PERIOD, codgrade: "EF06" }]);
    const beatriz = linked("Beatriz Almeida Santos", [{ CODPERLET: PERIOD, codgrade: "EF01" }]);
    expect(studentListEntries([lucas, beatriz], lists, NOW)).toEqual([
      { studentId: lucas.studentId, firstName: "Lucas", href: `/conta/lista-de-material/${lucas.studentId}` },
    ]);
  });

  it("leave out last year's grade and an enrolment the school ended", () => {
    const lastYear = linked("Gabriel Souza", [{ CODPERLET: "202500", codgrade: "EF06" }]);
    const ended = linked("Rafaela Souza", [{ CODPERLET: PERIOD, codgrade: "EF06", deletedAt: "2026-03-01" }]);
    const previousList = [{ periodCode: "202500", codgrade: "EF06" }];
    expect(studentListEntries([lastYear, ended], [...lists, ...previousList], NOW)).toEqual([]);
  });
});

describe("against a store API with only spec §7's calls", () => {
  it("hides the links, and says so once in the log", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const args = await requestArgs(storefrontGet(null, "/conta"));
    expect(await publishedLists(storeApi(args.context))).toEqual([]);
    expect(await publishedLists(storeApi(args.context))).toEqual([]);
    const said = log.mock.calls.map((call) => call.join(" ")).filter((line) => line.includes("listas de material"));
    expect(said).toEqual([
      "[store-api] a API da loja não tem listas de material (listMaterialLists): os links ficam ocultos.",
    ]);
    log.mockRestore();
  });

  it("answers the public pages with the not-found page", async () => {
    const index = await requestArgs(storefrontGet(null, "/listas-de-material"));
    await expect(loadPublicLists(index)).rejects.toMatchObject({ init: { status: 404 } });
    const one = await requestArgs(storefrontGet(null, `/listas-de-material/${PERIOD}/EF06`));
    await expect(loadPublicList(one, PERIOD, "EF06")).rejects.toMatchObject({ init: { status: 404 } });
  });
});
