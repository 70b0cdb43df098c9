import { describe, expect, it } from "vitest";
import {
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  locationOf,
  loginFor,
  thrownBy,
} from "#tests/fixtures/gestor-requests.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { auditPage } from "./audit.server.ts";
import { invite } from "./team.server.ts";

const { admin, atendimento: atendente } = gestorTestStoreForFile(["admin", "atendimento"]);

const audit = (query: string, cookie = admin.cookie) => auditPage(gestorGet(cookie, `${GESTOR_PATHS.audit}?${query}`));

describe("Auditoria", () => {
  it("sends a visitor to the login and refuses atendimento", async () => {
    expect(locationOf(await thrownBy(audit("actor=x", "")))).toBe(loginFor(`${GESTOR_PATHS.audit}?actor=x`));
    expect((await thrownBy(audit("", atendente.cookie)))?.status).toBe(403);
  });

  it("shows what a person did, filtered by who and the action's start, with the filters as typed", async () => {
    const fields = { intent: "invite", name: "Quem Foi Convidada", email: "auditada@escola.test", role: "atendimento" };
    await invite(gestorPost(admin.cookie, fields, GESTOR_PATHS.team).request);
    const page = await audit(`actor=${encodeURIComponent(` ${admin.email} `)}&action=staff.&targetType=`);
    expect(page.filters).toEqual({
      actor: admin.email,
      action: "staff.",
      targetType: undefined,
      targetId: undefined,
      from: undefined,
      to: undefined,
    });
    expect(page.log.rows).toHaveLength(1);
    expect(page.log.rows[0]).toMatchObject({ actor: admin.email, action: expect.stringMatching(/^staff\./) });
    expect(page.log.actions).toContain(page.log.rows[0]!.action);
    expect((await audit(`actor=${encodeURIComponent(atendente.email)}`)).log.total).toBe(0);
  });
});
