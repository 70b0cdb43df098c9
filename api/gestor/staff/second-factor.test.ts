import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomAddress, signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { createTestStaff, STAFF_TEST_PASSWORD, type TestStaff } from "#tests/fixtures/staff.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { CURRENT_PASSWORD_WRONG } from "../account/routes.ts";
import { SECOND_FACTOR_OWED, STAFF_SESSION_EXPIRED } from "./require-staff.ts";
import { CODE_REFUSED, TOTP_ALREADY_ON } from "./second-factor.ts";
import { STAFF_PASSWORD_WEAK } from "./routes.ts";
import { totpCodeAt } from "./totp.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ seed: true });
});
afterAll(() => t.close());

// A fixed clock, moved by hand: TOTP steps are 30 seconds.
const start = new Date("2026-11-24T12:00:10Z");
const seconds = (n: number) => new Date(start.getTime() + n * 1000);
beforeEach(() => t.setNow(start));

const login = async (email: string, password = STAFF_TEST_PASSWORD) => {
  const reply = await t.call("POST", "/gestor/auth/login", { email, password }, { address: randomAddress() });
  expect(reply.status).toBe(200);
  return reply.body.session as { token: string; secondFactor: string | null };
};
const post = (path: string, token: string, body?: unknown) => t.call("POST", path, body, { token });
const me = (token: string) => t.call("GET", "/gestor/auth/me", undefined, { token });
const auditOf = (staffId: string, action: string) =>
  t.db.selectFrom("audit_log").selectAll().where("target_id", "=", staffId).where("action", "=", action).execute();

/** A person with an authenticator enrolled at `start` (its step is used up). */
async function enrolled(
  role: "admin" | "atendimento" = "admin",
): Promise<TestStaff & { secret: string; codes: string[] }> {
  const person = await createTestStaff(t.db, role, { now: start });
  const { secret } = (await post("/gestor/auth/totp/enrolment", person.token)).body;
  const confirm = await post("/gestor/auth/totp/confirm", person.token, { code: totpCodeAt(secret, start) });
  expect(confirm.status).toBe(200);
  return { ...person, secret, codes: confirm.body.recoveryCodes };
}

describe("enrolling an authenticator", () => {
  it("is an admin's first step; a first good code turns it on and shows 10 recovery codes once", async () => {
    const admin = await createTestStaff(t.db, "admin", { now: start });
    const session = await login(admin.email);
    expect(session.secondFactor).toBe("enrol");
    const refused = await t.call("GET", "/gestor/team", undefined, { token: session.token });
    expect([refused.status, refused.body.error.message]).toEqual([401, SECOND_FACTOR_OWED]);

    const first = await post("/gestor/auth/totp/enrolment", session.token);
    const again = await post("/gestor/auth/totp/enrolment", session.token);
    // A reload shows the same secret: the app scanned first keeps working.
    expect(again.body.secret).toBe(first.body.secret);
    expect(first.body.uri).toMatch(/^otpauth:\/\/totp\/Loja%20Escolar%20Gestor:.+secret=/);

    const wrong = await post("/gestor/auth/totp/confirm", session.token, { code: "000000" });
    expect([wrong.status, wrong.body.error.message]).toEqual([400, CODE_REFUSED]);
    expect((await me(session.token)).body.secondFactor).toBe("enrol");

    // At rest it is sealed (docs/decisions/0049): the database alone does not give the secret.
    const atRest = await t.db
      .selectFrom("staff")
      .select("totp_secret")
      .where("id", "=", admin.staffId)
      .executeTakeFirstOrThrow();
    expect(atRest.totp_secret).toMatch(/^enc1:/);
    expect(atRest.totp_secret).not.toContain(first.body.secret);

    const ok = await post("/gestor/auth/totp/confirm", session.token, { code: totpCodeAt(first.body.secret, start) });
    expect(ok.status).toBe(200);
    const codes: string[] = ok.body.recoveryCodes;
    expect(new Set(codes).size).toBe(10);
    expect((await me(session.token)).body).toMatchObject({ secondFactor: null, staff: { totpEnabled: true } });
    expect((await t.call("GET", "/gestor/team", undefined, { token: session.token })).status).toBe(200);

    // Only hashes are kept, and nothing secret reaches the log.
    const stored = await t.db
      .selectFrom("staff_recovery_codes")
      .selectAll()
      .where("staff_id", "=", admin.staffId)
      .execute();
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code.replaceAll("-", ""));
    const [entry] = await auditOf(admin.staffId, "staff.totp-enrol");
    expect(entry).toMatchObject({ actor_label: admin.email, summary: "Ativou a verificação em duas etapas" });
    expect(JSON.parse(entry!.after_json!)).toEqual({ totpEnabled: true, recoveryCodes: 10 });
    expect(JSON.stringify(entry)).not.toContain(first.body.secret);

    const twice = await post("/gestor/auth/totp/enrolment", session.token);
    expect([twice.status, twice.body.error.message]).toEqual([409, TOTP_ALREADY_ON]);
  });

  it("is open to an atendente, whose logins then ask for the code", async () => {
    const person = await enrolled("atendimento");
    expect((await login(person.email)).secondFactor).toBe("totp");
  });
});

describe("the code after the password", () => {
  it("takes each authenticator code once, one step either side of now", async () => {
    const admin = await enrolled();
    const session = await login(admin.email);
    expect(session.secondFactor).toBe("totp");
    // The enrolment's code again: refused (RFC 6238 §5.2).
    const replay = await post("/gestor/auth/second-factor", session.token, { code: totpCodeAt(admin.secret, start) });
    expect([replay.status, replay.body.error.message]).toEqual([400, CODE_REFUSED]);
    // The phone's clock runs 30 s ahead: still taken.
    const ahead = await post("/gestor/auth/second-factor", session.token, {
      code: totpCodeAt(admin.secret, seconds(30)),
    });
    expect(ahead.status).toBe(200);
    expect((await me(session.token)).body.secondFactor).toBeNull();

    const next = await login(admin.email);
    const sameCode = await post("/gestor/auth/second-factor", next.token, {
      code: totpCodeAt(admin.secret, seconds(30)),
    });
    expect(sameCode.status).toBe(400);
    t.setNow(seconds(90));
    // Two steps behind: too old.
    const old = await post("/gestor/auth/second-factor", next.token, { code: totpCodeAt(admin.secret, seconds(30)) });
    expect(old.status).toBe(400);
    const late = await post("/gestor/auth/second-factor", next.token, { code: totpCodeAt(admin.secret, seconds(60)) });
    expect(late.status).toBe(200);
  });

  it("takes a recovery code once, however it is typed, and audits it", async () => {
    const admin = await enrolled();
    const code = admin.codes[3]!;
    const session = await login(admin.email);
    const used = await post("/gestor/auth/second-factor", session.token, {
      code: ` ${code.toUpperCase().replaceAll("-", " ")} `,
    });
    expect(used.status).toBe(200);
    expect(used.body.recoveryCodesLeft).toBe(9);
    const [entry] = await auditOf(admin.staffId, "staff.recovery-code-used");
    expect(entry).toMatchObject({
      actor_label: admin.email,
      summary: "Entrou com um código de recuperação (restam 9)",
    });

    const again = await login(admin.email);
    expect((await post("/gestor/auth/second-factor", again.token, { code })).status).toBe(400);
    expect((await me(again.token)).body.secondFactor).toBe("totp");
  });

  it("stops a session after 5 wrong codes, even before a right one", async () => {
    const admin = await enrolled();
    const session = await login(admin.email);
    for (let i = 0; i < 5; i++)
      expect((await post("/gestor/auth/second-factor", session.token, { code: "123456" })).status).toBe(400);
    const blocked = await post("/gestor/auth/second-factor", session.token, {
      code: totpCodeAt(admin.secret, seconds(30)),
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toMatch(/^Muitos códigos errados\. Tente novamente em \d+ minutos?\.$/);
    expect((await me(session.token)).body.secondFactor).toBe("totp");
  });
});

describe("the own account", () => {
  it("makes new recovery codes against an authenticator code; the old ones stop working", async () => {
    const admin = await enrolled();
    const byRecovery = await post("/gestor/account/recovery-codes", admin.token, { code: admin.codes[0] });
    expect(byRecovery.status).toBe(400);
    const fresh = await post("/gestor/account/recovery-codes", admin.token, {
      code: totpCodeAt(admin.secret, seconds(30)),
    });
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const session = await login(admin.email);
    expect((await post("/gestor/auth/second-factor", session.token, { code: admin.codes[0] })).status).toBe(400);
    expect(
      (await post("/gestor/auth/second-factor", session.token, { code: fresh.body.recoveryCodes[0] })).status,
    ).toBe(200);
    const [entry] = await auditOf(admin.staffId, "staff.recovery-codes-regenerate");
    expect(JSON.parse(entry!.before_json!)).toEqual({ recoveryCodesLeft: 10 });
  });

  it("changes the own password with the current one, ending the person's other sessions", async () => {
    const person = await createTestStaff(t.db, "atendimento", { now: start });
    const other = await login(person.email);
    const change = (body: object) => post("/gestor/account/password", person.token, body);
    const wrong = await change({ currentPassword: "Nao-e-esta-2026", newPassword: "Outra-senha-longa-77" });
    expect([wrong.status, wrong.body.error.message]).toEqual([400, CURRENT_PASSWORD_WRONG]);
    const weak = await change({ currentPassword: STAFF_TEST_PASSWORD, newPassword: "123456789012" });
    expect([weak.status, weak.body.error.message]).toEqual([400, STAFF_PASSWORD_WEAK]);
    expect((await login(person.email)).token).toBeTruthy();

    expect((await change({ currentPassword: STAFF_TEST_PASSWORD, newPassword: "Mangueira-roxa-2031" })).status).toBe(
      204,
    );
    expect((await me(person.token)).status).toBe(200);
    expect((await me(other.token)).status).toBe(401);
    expect((await login(person.email, "Mangueira-roxa-2031")).token).toBeTruthy();
    const [entry] = await auditOf(person.staffId, "staff.change-password");
    expect(entry).toMatchObject({ actor_label: person.email });
    expect(JSON.stringify(entry)).not.toMatch(/Mangueira|Girassol/);
  });

  it("never takes a customer's token, nor none", async () => {
    const customer = await signUpAndLogIn(t);
    for (const path of [
      "/gestor/auth/second-factor",
      "/gestor/auth/totp/enrolment",
      "/gestor/auth/totp/confirm",
      "/gestor/account/recovery-codes",
      "/gestor/account/password",
    ]) {
      for (const token of [customer.token, undefined]) {
        const reply = await t.call("POST", path, { code: "123456" }, { token });
        expect([path, reply.status, reply.body.error.message]).toEqual([path, 401, STAFF_SESSION_EXPIRED]);
      }
    }
  });
});
