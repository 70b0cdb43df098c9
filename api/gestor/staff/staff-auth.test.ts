import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomAddress, signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { createTestStaff, STAFF_TEST_PASSWORD } from "#tests/fixtures/staff.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { COMMAND_LINE } from "../audit/audit-log.ts";
import { createPasswordLink } from "./password-links.ts";
import { createStaff } from "./staff-accounts.ts";
import { STAFF_SESSION_EXPIRED } from "./require-staff.ts";
import { PASSWORD_LINK_GONE, STAFF_PASSWORD_TOO_SHORT, STAFF_WRONG_CREDENTIALS } from "./routes.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ seed: true });
});
afterAll(() => t.close());

const login = (email: string, password = STAFF_TEST_PASSWORD) =>
  t.call("POST", "/gestor/auth/login", { email, password }, { address: randomAddress() });

const auditOf = (staffId: string) =>
  t.db.selectFrom("audit_log").selectAll().where("target_id", "=", staffId).orderBy("at").execute();

describe("staff login", () => {
  it("logs an atendente in without a second factor and audits it", async () => {
    const person = await createTestStaff(t.db, "atendimento");
    const reply = await login(person.email.toUpperCase());
    expect(reply.status).toBe(200);
    expect(reply.body.session.secondFactor).toBeNull();
    expect(reply.body.staff).toMatchObject({ email: person.email, role: "atendimento", totpEnabled: false });
    expect(JSON.stringify(reply.body)).not.toMatch(/argon2|scrypt|password_hash/);
    const me = await t.call("GET", "/gestor/auth/me", undefined, { token: reply.body.session.token });
    expect(me.body).toMatchObject({ staff: { email: person.email }, secondFactor: null });
    expect((await auditOf(person.staffId)).map((entry) => entry.action)).toContain("staff.login");
  });

  it("refuses a wrong password with one message for both mistakes", async () => {
    const person = await createTestStaff(t.db, "atendimento");
    for (const email of [person.email, "ninguem@escola.test"]) {
      const reply = await login(email, "Senha-errada-123");
      expect(reply.status).toBe(401);
      expect(reply.body.error.message).toBe(STAFF_WRONG_CREDENTIALS);
    }
  });

  it("makes an admin without an authenticator enrol before anything else", async () => {
    const admin = await createTestStaff(t.db, "admin");
    const reply = await login(admin.email);
    expect(reply.body.session.secondFactor).toBe("enrol");
    const me = await t.call("GET", "/gestor/auth/me", undefined, { token: reply.body.session.token });
    expect(me.body.secondFactor).toBe("enrol");
    // The session opens nothing else until then.
    const logout = await t.call("POST", "/gestor/auth/logout", undefined, { token: reply.body.session.token });
    expect(logout.status).toBe(204);
  });

  it("never takes a customer's token", async () => {
    const customer = await signUpAndLogIn(t);
    const me = await t.call("GET", "/gestor/auth/me", undefined, { token: customer.token });
    expect(me.status).toBe(401);
    expect(me.body.error.message).toBe(STAFF_SESSION_EXPIRED);
  });

  it("is no customer session either: a staff token opens no customer call", async () => {
    const person = await createTestStaff(t.db, "admin");
    const customer = await signUpAndLogIn(t);
    const reply = await t.call("GET", `/customers/get-customer/${customer.id}/store/1`, undefined, {
      token: person.token,
    });
    expect(reply.status).toBe(401);
  });

  it("ends a session after 30 idle minutes, after 8 hours in any case, and at logout", async () => {
    const start = new Date("2026-11-24T08:00:00Z");
    t.setNow(start);
    const person = await createTestStaff(t.db, "atendimento", { now: start });
    const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
    const me = () => t.call("GET", "/gestor/auth/me", undefined, { token: person.token });
    // Active every 29 minutes: still in at 7 h 45.
    for (let at = 29; at <= 465; at += 29) {
      t.setNow(minutes(at));
      expect((await me()).status).toBe(200);
    }
    t.setNow(minutes(481));
    expect((await me()).status).toBe(401);

    const idle = await createTestStaff(t.db, "atendimento", { now: start });
    t.setNow(minutes(31));
    expect((await t.call("GET", "/gestor/auth/me", undefined, { token: idle.token })).status).toBe(401);
    t.setNow(undefined);

    const out = await createTestStaff(t.db, "atendimento");
    expect((await t.call("POST", "/gestor/auth/logout", undefined, { token: out.token })).status).toBe(204);
    expect((await t.call("GET", "/gestor/auth/me", undefined, { token: out.token })).status).toBe(401);
  });
});

describe("password links", () => {
  it("set the password once, end the person's sessions, and are audited", async () => {
    const { staffId } = await createStaff(
      t.db,
      { email: "nova@escola.test", name: "Nova Pessoa", role: "atendimento" },
      COMMAND_LINE,
      new Date(),
    );
    const token = await createPasswordLink(t.db, staffId, "convite", new Date());
    const check = await t.call("POST", "/gestor/auth/password-link", { token });
    expect(check.body).toEqual({ staff: { name: "Nova Pessoa", email: "nova@escola.test" }, purpose: "convite" });

    const short = await t.call("POST", "/gestor/auth/set-password", { token, password: "curta" });
    expect(short.body.error.message).toBe(STAFF_PASSWORD_TOO_SHORT);
    expect((await t.call("POST", "/gestor/auth/set-password", { token, password: STAFF_TEST_PASSWORD })).status).toBe(
      200,
    );
    const again = await t.call("POST", "/gestor/auth/set-password", { token, password: STAFF_TEST_PASSWORD });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(PASSWORD_LINK_GONE);
    expect((await login("nova@escola.test")).status).toBe(200);
    const actions = (await auditOf(staffId)).map((entry) => [entry.action, entry.actor_label]);
    expect(actions).toEqual([
      ["staff.invite", "linha de comando"],
      ["staff.set-password", "nova@escola.test"],
      ["staff.login", "nova@escola.test"],
    ]);
  });
});

describe("the audit log", () => {
  it("cannot be changed or deleted, even by the database's owner", async () => {
    await createTestStaff(t.db, "atendimento");
    await expect(sql`update audit_log set summary = 'nada'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    expect(
      Number(
        (
          await t.db
            .selectFrom("audit_log")
            .select((b) => b.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);
  });
});
