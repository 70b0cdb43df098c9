import { describe, expect, it } from "vitest";
import { CURRENT_PASSWORD_WRONG } from "#api/gestor/account/routes.ts";
import { TOTP_NOT_ON } from "#api/gestor/staff/second-factor.ts";
import { STAFF_TEST_PASSWORD } from "#tests/fixtures/staff.ts";
import {
  actionReply,
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  locationOf,
  loginFor,
  staffLoggedIn,
  thrownBy,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { ownAccountAction, ownAccountPage, PASSWORD_CHANGED } from "./own-account.server.ts";

const { store, atendimento: atendente } = gestorTestStoreForFile(["atendimento"]);

const act = (fields: Record<string, string>, cookie = atendente.cookie) =>
  ownAccountAction(gestorPost(cookie, fields, GESTOR_PATHS.ownAccount).request).then(actionReply);
const hashOf = async (staffId: string) =>
  (await store.db.selectFrom("staff").select("password_hash").where("id", "=", staffId).executeTakeFirstOrThrow())
    .password_hash;
const NEW_PASSWORD = "Cajueiro-florido-2026";

describe("Minha conta", () => {
  it("sends a visitor to the login, and shows a person their own data", async () => {
    expect(locationOf(await thrownBy(ownAccountPage(gestorGet(null, GESTOR_PATHS.ownAccount))))).toBe(
      loginFor(GESTOR_PATHS.ownAccount),
    );
    const page = await ownAccountPage(gestorGet(atendente.cookie, GESTOR_PATHS.ownAccount));
    expect(page.staff).toMatchObject({ id: atendente.staffId, email: atendente.email, totpEnabled: false });
  });

  it("refuses a wrong current password and an unconfirmed new one, no password echoed, nothing changed", async () => {
    const before = await hashOf(atendente.staffId);
    const wrong = await act({
      intent: "password",
      currentPassword: "nao-e-a-senha-atual",
      newPassword: NEW_PASSWORD,
      newPasswordConfirmation: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ intent: "password" });
    expect(wrong.data.result.error[""]).toEqual([CURRENT_PASSWORD_WRONG]);
    expect(wrong.data.result.initialValue).toEqual({ intent: "password" });
    const unconfirmed = await act({
      intent: "password",
      currentPassword: STAFF_TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      newPasswordConfirmation: "outra-coisa",
    });
    expect(unconfirmed.data.result.error).toMatchObject({ newPasswordConfirmation: ["As senhas não conferem."] });
    expect(await hashOf(atendente.staffId)).toBe(before);
  });

  it("changes the password and comes back with a toast", async () => {
    const person = await staffLoggedIn(store.db, "atendimento");
    const before = await hashOf(person.staffId);
    const done = await act(
      {
        intent: "password",
        currentPassword: STAFF_TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
        newPasswordConfirmation: NEW_PASSWORD,
      },
      person.cookie,
    );
    expect(done.status).toBe(302);
    expect(locationOf(done.response)).toBe(GESTOR_PATHS.ownAccount);
    expect((await toastOf(done.response!))?.message).toBe(PASSWORD_CHANGED);
    expect(await hashOf(person.staffId)).not.toBe(before);
  });

  it("asks new recovery codes for the app's 6 digits; without an authenticator, the API's reason", async () => {
    const shape = await act({ intent: "recovery-codes", code: "12" });
    expect(shape.status).toBe(400);
    expect(shape.data.result.error).toMatchObject({ code: ["O código tem 6 dígitos."] });
    const off = await act({ intent: "recovery-codes", code: "123456" });
    expect(off.data.recoveryCodes).toBeUndefined();
    expect(off.data.result.error[""]).toEqual([TOTP_NOT_ON]);
    expect((await act({ intent: "apagar" })).status).toBe(400);
  });
});
