/**
 * With STORE_API_URL the school's own API holds its units, grades and roster (issue 27): the
 * gestor's screens for them read and say so, and refuse every change before calling anything.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStoreApiDouble, type DoubleRequest } from "#tests/fixtures/store-api-double.ts";
import { storefrontGet, storefrontPost } from "#tests/fixtures/storefront-requests.ts";
import { thrownBy } from "#tests/fixtures/gestor-requests.ts";
import { gradeImportAction, gradesAction } from "./grades/grades.server.ts";
import { GESTOR_PATHS } from "./gestor-paths.ts";
import { rosterImportAction, rosterImportPage } from "./roster/roster.server.ts";
import { SCHOOL_DATA_READ_ONLY } from "./school-data.server.ts";
import { commitStaffToken } from "./staff-session.server.ts";
import { createUnitAction, moveUnitAction, newUnitPage, unitListPage } from "./units/units.server.ts";

const UNIT = {
  code: "1",
  name: "Colégio da Escola",
  address: "Rua A, 1",
  city: "Recife - PE",
  phone: "(81) 3000-0000",
  email: "escola@exemplo.com.br",
  pickupHours: null,
  active: true,
  position: 1,
};

let calls: DoubleRequest[] = [];
let double: Awaited<ReturnType<typeof startStoreApiDouble>>;
let cookie: string;

beforeAll(async () => {
  double = await startStoreApiDouble((request) => {
    calls.push(request);
    if (request.path === "/gestor/auth/me")
      return {
        status: 200,
        body: {
          staff: { id: "p1", name: "Ana", email: "ana@escola.test", role: "admin", totpEnabled: true, unitCodes: [] },
          secondFactor: null,
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
      };
    if (request.method === "GET" && request.path.startsWith("/gestor/units"))
      return { status: 200, body: { units: [UNIT] } };
    return { status: 404, body: { error: { message: "Recurso não encontrado." } } };
  });
  cookie = /loja_gestor=[^;]*/.exec(
    await commitStaffToken(storefrontGet(null), "token-da-equipe-com-vinte-caracteres"),
  )![0];
});
afterAll(() => double.close());

const post = (path: string, fields: Record<string, string>) => storefrontPost(cookie, fields, path).request;

describe("the school's data while STORE_API_URL is set", () => {
  it("lists the school API's units with the note that the screen only reads", async () => {
    const page = await unitListPage(storefrontGet(cookie, GESTOR_PATHS.units));
    expect(page.units).toEqual([UNIT]);
    expect(page.readOnly).toBe(SCHOOL_DATA_READ_ONLY);
  });

  it("refuses every change and form page of Unidades, Séries and Alunos matriculados, calling nothing", async () => {
    calls = [];
    const refusals = [
      newUnitPage(storefrontGet(cookie, GESTOR_PATHS.newUnit)),
      createUnitAction(post(GESTOR_PATHS.newUnit, { code: "20", name: "Nova" })),
      moveUnitAction(post(GESTOR_PATHS.units, { intent: "up", code: "1", place: "1" })),
      gradesAction(post(GESTOR_PATHS.grades(), { intent: "create", CODPERLET: "202600" })),
      gradeImportAction(post(GESTOR_PATHS.gradesImport, { intent: "preview" })),
      rosterImportPage(storefrontGet(cookie, GESTOR_PATHS.rosterImport)),
      rosterImportAction(post(GESTOR_PATHS.rosterImport, { intent: "preview" })),
    ];
    for (const refusal of refusals) {
      const response = await thrownBy(refusal);
      expect([response?.status, await response?.text()]).toEqual([403, SCHOOL_DATA_READ_ONLY]);
    }
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
  });
});
