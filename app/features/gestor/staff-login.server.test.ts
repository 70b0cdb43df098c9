import { describe, expect, it } from "vitest";
import { STAFF_WRONG_CREDENTIALS } from "#api/gestor/staff/routes.ts";
import { STAFF_TEST_PASSWORD } from "#tests/fixtures/staff.ts";
import {
  actionReply,
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  locationOf,
  staffLoggedIn,
  thrownBy,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { GESTOR_PATHS } from "./gestor-paths.ts";
import { LOGGED_OUT, staffLogin, staffLoginPage, staffLogout } from "./staff-login.server.ts";

const { store, atendimento: atendente } = gestorTestStoreForFile(["atendimento"]);

const logIn = (fields: Record<string, string>) =>
  staffLogin(gestorPost("", fields, GESTOR_PATHS.login).request).then(actionReply);
const liveSessionsOf = (staffId: string) =>
  store.db
    .selectFrom("staff_sessions")
    .select("id")
    .where("staff_id", "=", staffId)
    .where("revoked_at", "is", null)
    .execute();

describe("the gestor's login page", () => {
  it("shows the form to a visitor, keeping where they were headed (inside the area only)", async () => {
    expect(await staffLoginPage(gestorGet(null, `${GESTOR_PATHS.login}?redirectTo=%2Fgestor%2Fcupons`))).toEqual({
      redirectTo: GESTOR_PATHS.coupons,
    });
    expect(await staffLoginPage(gestorGet(null, `${GESTOR_PATHS.login}?redirectTo=https%3A%2F%2Fmal.example`))).toEqual(
      {
        redirectTo: GESTOR_PATHS.home,
      },
    );
  });

  it("sends somebody already logged in straight on", async () => {
    const thrown = await thrownBy(
      staffLoginPage(gestorGet(atendente.cookie, `${GESTOR_PATHS.login}?redirectTo=%2Fgestor%2Fcupons`)),
    );
    expect(locationOf(thrown)).toBe(GESTOR_PATHS.coupons);
  });
});

describe("logging in and out", () => {
  it("logs in with e-mail and password: the area's cookie, a toast with the name, where they were headed", async () => {
    const person = await staffLoggedIn(store.db, "atendimento");
    const done = await logIn({ email: person.email, password: STAFF_TEST_PASSWORD, redirectTo: GESTOR_PATHS.tickets });
    expect(done.status).toBe(302);
    expect(locationOf(done.response)).toBe(GESTOR_PATHS.tickets);
    expect(done.response!.headers.get("set-cookie")).toMatch(/loja_gestor=/);
    expect((await toastOf(done.response!))?.message).toBe("Olá, Pessoa atendimento!");
  });

  it("sends an admin without an authenticator to enrol one before anything else", async () => {
    const admin = await staffLoggedIn(store.db, "admin");
    const thrown = await thrownBy(
      logIn({ email: admin.email, password: STAFF_TEST_PASSWORD, redirectTo: GESTOR_PATHS.home }),
    );
    expect(locationOf(thrown)).toBe(GESTOR_PATHS.enrol);
    expect(thrown!.headers.get("set-cookie")).toMatch(/loja_gestor=/);
  });

  it("refuses a wrong password with the API's message, the e-mail kept and the password not", async () => {
    const before = await liveSessionsOf(atendente.staffId);
    const refused = await logIn({ email: atendente.email, password: "senha-errada-de-proposito" });
    expect(refused.status).toBe(401);
    expect(refused.data.result.error[""]).toEqual([STAFF_WRONG_CREDENTIALS]);
    expect(refused.data.result.initialValue).toEqual({ email: atendente.email });
    expect(await liveSessionsOf(atendente.staffId)).toEqual(before);
  });

  it("answers a form without an e-mail with its message, calling nobody", async () => {
    const refused = await logIn({ email: "", password: "qualquer" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({ email: ["Informe o e-mail."] });
  });

  it("logs out: the session ends in the store, the cookie goes, the login page says so", async () => {
    const person = await staffLoggedIn(store.db, "atendimento");
    expect(await liveSessionsOf(person.staffId)).toHaveLength(1);
    const done = await staffLogout(gestorPost(person.cookie, {}, GESTOR_PATHS.logout).request);
    expect(locationOf(done)).toBe(GESTOR_PATHS.login);
    expect(done.headers.get("set-cookie")).toMatch(/loja_gestor=;.*Max-Age=0|loja_gestor=;.*Expires=Thu, 01 Jan 1970/);
    expect((await toastOf(done))?.message).toBe(LOGGED_OUT);
    expect(await liveSessionsOf(person.staffId)).toEqual([]);
  });
});
