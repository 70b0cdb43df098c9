import { describe, expect, it } from "vitest";
import { CODE_REFUSED } from "#api/gestor/staff/second-factor.ts";
import { totpCodeAt } from "#api/gestor/staff/totp.ts";
import {
  actionReply,
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  locationOf,
  passwordOnlySession,
  thrownBy,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { dashboardPage } from "../orders/dashboard.server.ts";
import { codeStepPage, confirmEnrolment, enrolPage, giveCode } from "./second-factor.server.ts";

const { store, admin } = gestorTestStoreForFile(["admin"]);

const enrolAt = () => `${GESTOR_PATHS.enrol}?redirectTo=${encodeURIComponent(GESTOR_PATHS.coupons)}`;
const confirm = (cookie: string, code: string) =>
  confirmEnrolment(gestorPost(cookie, { code, redirectTo: GESTOR_PATHS.coupons }, enrolAt()).request).then(actionReply);
const give = (cookie: string, code: string) =>
  giveCode(gestorPost(cookie, { code, redirectTo: GESTOR_PATHS.coupons }, GESTOR_PATHS.secondFactor).request).then(
    actionReply,
  );
const totpEnabled = async () =>
  (
    await store.db
      .selectFrom("staff")
      .select("totp_enabled_at")
      .where("id", "=", admin.staffId)
      .executeTakeFirstOrThrow()
  ).totp_enabled_at !== null;

describe("an admin's first login: enrolling an authenticator", () => {
  let cookie: string;
  let secret: string;
  let recoveryCodes: string[];

  it("keeps a session that owes the enrolment out of every page, sending it to enrol", async () => {
    cookie = await passwordOnlySession(store.db, admin.staffId);
    expect(locationOf(await thrownBy(dashboardPage(gestorGet(cookie, GESTOR_PATHS.home))))).toBe(GESTOR_PATHS.enrol);
    expect(locationOf(await thrownBy(codeStepPage(gestorGet(cookie, GESTOR_PATHS.secondFactor))))).toBe(
      GESTOR_PATHS.enrol,
    );
  });

  it("shows the secret to type by hand and its QR, saying the admin cannot go on without it", async () => {
    const page = await enrolPage(gestorGet(cookie, enrolAt()));
    if (page.enrolled) throw new Error("already enrolled");
    expect(page).toMatchObject({ required: true, email: admin.email, redirectTo: GESTOR_PATHS.coupons });
    expect(page.qr).toMatch(/^data:image\/svg\+xml/);
    expect(page.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    secret = page.secret.replace(/\s/g, "");
  });

  it("refuses a code in the wrong shape and a wrong code, enrolling nothing and keeping no code", async () => {
    const shape = await confirm(cookie, "12345");
    expect(shape.status).toBe(400);
    expect(shape.data.result.error).toMatchObject({ code: ["O código tem 6 dígitos."] });
    const wrong = await confirm(cookie, totpCodeAt(secret, new Date(Date.now() - 10 * 60_000)));
    expect(wrong.data.result.error[""]).toEqual([CODE_REFUSED]);
    expect(wrong.data.result.initialValue).toEqual({ redirectTo: GESTOR_PATHS.coupons });
    expect(await totpEnabled()).toBe(false);
  });

  it("enrols with the app's code and shows the recovery codes once, with where to go on", async () => {
    const done = await confirm(cookie, totpCodeAt(secret, new Date()));
    expect(done.status).toBe(200);
    expect(done.data.recoveryCodes).toHaveLength(10);
    expect(done.data.continueTo).toBe(GESTOR_PATHS.coupons);
    recoveryCodes = done.data.recoveryCodes;
    expect(await totpEnabled()).toBe(true);
    // The session is complete now: the area opens, and the enrolment page has nothing to scan.
    expect((await dashboardPage(gestorGet(cookie, GESTOR_PATHS.home))).name).toBe("Pessoa admin");
    expect(await enrolPage(gestorGet(cookie, GESTOR_PATHS.enrol))).toEqual({ enrolled: true });
  });

  describe("the next login's code step", () => {
    it("sends a session owing the code to the code step, which keeps where it was headed", async () => {
      const next = await passwordOnlySession(store.db, admin.staffId);
      expect(locationOf(await thrownBy(dashboardPage(gestorGet(next, GESTOR_PATHS.home))))).toBe(
        GESTOR_PATHS.secondFactor,
      );
      const path = `${GESTOR_PATHS.secondFactor}?redirectTo=${encodeURIComponent(GESTOR_PATHS.coupons)}`;
      expect(await codeStepPage(gestorGet(next, path))).toEqual({ redirectTo: GESTOR_PATHS.coupons });
      // A complete session has no code to give.
      expect(locationOf(await thrownBy(codeStepPage(gestorGet(admin.cookie, path))))).toBe(GESTOR_PATHS.coupons);
    });

    it("refuses a wrong code with the API's message, and lets a recovery code in with a toast", async () => {
      const next = await passwordOnlySession(store.db, admin.staffId);
      const wrong = await give(next, "000000");
      expect(wrong.data.result.error[""]).toEqual([CODE_REFUSED]);
      expect(locationOf(await thrownBy(dashboardPage(gestorGet(next, GESTOR_PATHS.home))))).toBe(
        GESTOR_PATHS.secondFactor,
      );
      const done = await give(next, recoveryCodes[0]!);
      expect(done.status).toBe(302);
      expect(locationOf(done.response)).toBe(GESTOR_PATHS.coupons);
      expect((await toastOf(done.response!))?.message).toBe("Olá, Pessoa admin!");
      expect((await dashboardPage(gestorGet(next, GESTOR_PATHS.home))).name).toBe("Pessoa admin");
    });
  });
});
