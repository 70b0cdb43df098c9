import { describe, expect, it } from "vitest";
import { gestorAudit, gestorTeam } from "#api/contract/gestor/team.ts";
import type { ApiDeps } from "#api/deps.ts";
import { COMMAND_LINE } from "#api/gestor/audit/audit-log.ts";
import { randomAddress, signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { createTestStaff, gestorTestApiForFile, STAFF_TEST_PASSWORD, type TestStaff } from "#tests/fixtures/staff.ts";
import { createTestApi } from "#tests/fixtures/test-api.ts";
import { ROLE_REFUSED, STAFF_SESSION_EXPIRED } from "../staff/require-staff.ts";
import { STAFF_EMAIL_TAKEN } from "../staff/staff-accounts.ts";
import { changeRole, deactivateMember, LAST_ADMIN, NOT_ON_ONESELF, SAME_ACCESS } from "./service.ts";
import { UNITS_REQUIRED } from "#api/contract/gestor/staff.ts";
import { issueStaffSession } from "../staff/staff-sessions.ts";
import { UNKNOWN_UNITS } from "../staff/staff-units.ts";

const { t, admin } = gestorTestApiForFile(["admin"], { seed: true });

const as = (person: TestStaff) => ({
  get: (path: string) => t.call("GET", path, undefined, { token: person.token }),
  post: (path: string, body?: unknown) => t.call("POST", path, body, { token: person.token }),
});
const login = (email: string) =>
  t.call("POST", "/gestor/auth/login", { email, password: STAFF_TEST_PASSWORD }, { address: randomAddress() });
const lastAudit = async (staffId: string) =>
  t.db
    .selectFrom("audit_log")
    .selectAll()
    .where("target_id", "=", staffId)
    // Logins in between are not what the tests look for.
    .where("action", "<>", "staff.login")
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
const staffCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("staff")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("Equipe", () => {
  it("invites a person: e-mails and answers their one-time link, audited; bad or taken e-mails write nothing", async () => {
    const before = await staffCount();
    const bad = await as(admin).post("/gestor/team/invite", { name: "Bia", email: "nao-e-email", role: "atendimento" });
    expect([bad.status, bad.body.error.message]).toEqual([400, "E-mail inválido."]);
    const badRole = await as(admin).post("/gestor/team/invite", { name: "Bia", email: "b@escola.test", role: "dono" });
    expect(badRole.body.error.message).toBe("Escolha um perfil válido.");

    const invited = await as(admin).post("/gestor/team/invite", {
      name: "Beatriz Souza",
      email: " Beatriz@Escola.test ",
      role: "atendimento",
    });
    expect(invited.status).toBe(200);
    expect(invited.body.member).toMatchObject({
      email: "beatriz@escola.test",
      role: "atendimento",
      active: true,
      passwordSet: false,
      lastLoginAt: null,
    });
    expect(invited.body.link).toMatch(/^http:\/\/loja\.test\/gestor\/definir-senha\/[\w-]{40,}$/);
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe("beatriz@escola.test");
    expect(mail.subject).toBe("Convite para a área do gestor da Loja Escolar");
    expect(mail.text).toContain(invited.body.link);
    const entry = await lastAudit(invited.body.member.id);
    expect(entry).toMatchObject({ action: "staff.invite", actor_label: admin.email });
    expect(entry.summary).toBe("Convidou beatriz@escola.test (Atendimento)");

    const taken = await as(admin).post("/gestor/team/invite", {
      name: "Outra",
      email: "beatriz@escola.test",
      role: "admin",
    });
    expect([taken.status, taken.body.error.message]).toEqual([409, STAFF_EMAIL_TAKEN]);
    expect(await staffCount()).toBe(before + 1);

    const list = await as(admin).get("/gestor/team");
    expect(list.body.members.map((m: { email: string }) => m.email)).toContain("beatriz@escola.test");
    // The admin's own row shows their last login once they logged in.
    await login(admin.email);
    const mine = (await as(admin).get(`/gestor/team/${admin.staffId}`)).body.member;
    expect(mine.lastLoginAt).not.toBeNull();
  });

  it("changes a role, ending the person's sessions, with before and after in the log", async () => {
    const person = await createTestStaff(t.db, "atendimento");
    const changed = await as(admin).post(`/gestor/team/${person.staffId}/role`, { role: "admin" });
    expect(changed.body.member.role).toBe("admin");
    expect((await as(person).get("/gestor/auth/me")).status).toBe(401);
    // Now an admin without an authenticator: the next login enrols first.
    expect((await login(person.email)).body.session.secondFactor).toBe("enrol");
    const entry = await lastAudit(person.staffId);
    expect(entry.action).toBe("staff.change-role");
    expect(entry.summary).toBe(`Mudou o perfil de ${person.email} de Atendimento para Administrador`);
    expect(JSON.parse(entry.before_json!)).toMatchObject({ role: "atendimento" });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ role: "admin" });

    const own = await as(admin).post(`/gestor/team/${admin.staffId}/role`, { role: "atendimento" });
    expect([own.status, own.body.error.message]).toEqual([409, NOT_ON_ONESELF]);
  });

  it("deactivates a person (their session dies at once, no login) and reactivates them", async () => {
    const person = await createTestStaff(t.db, "atendimento");
    expect((await as(person).get("/gestor/auth/me")).status).toBe(200);
    const off = await as(admin).post(`/gestor/team/${person.staffId}/deactivate`);
    expect(off.body.member.active).toBe(false);
    expect((await as(person).get("/gestor/auth/me")).status).toBe(401);
    expect((await login(person.email)).status).toBe(401);
    expect((await lastAudit(person.staffId)).summary).toBe(`Desativou ${person.email}`);

    const on = await as(admin).post(`/gestor/team/${person.staffId}/reactivate`);
    expect(on.body.member.active).toBe(true);
    expect((await login(person.email)).status).toBe(200);
    expect((await lastAudit(person.staffId)).action).toBe("staff.reactivate");
    const self = await as(admin).post(`/gestor/team/${admin.staffId}/deactivate`);
    expect([self.status, self.body.error.message]).toEqual([409, NOT_ON_ONESELF]);
  });

  it("resets a person's authenticator: codes gone, sessions ended, the next login enrols again", async () => {
    const other = await createTestStaff(t.db, "admin");
    const { secret } = (await as(other).post("/gestor/auth/totp/enrolment")).body;
    const { totpCodeAt } = await import("../staff/totp.ts");
    expect((await as(other).post("/gestor/auth/totp/confirm", { code: totpCodeAt(secret, new Date()) })).status).toBe(
      200,
    );
    const reset = await as(admin).post(`/gestor/team/${other.staffId}/reset-totp`);
    expect(reset.body.member.totpEnabled).toBe(false);
    expect((await as(other).get("/gestor/auth/me")).status).toBe(401);
    const codes = await t.db
      .selectFrom("staff_recovery_codes")
      .select("id")
      .where("staff_id", "=", other.staffId)
      .execute();
    expect(codes).toHaveLength(0);
    expect((await login(other.email)).body.session.secondFactor).toBe("enrol");
    const entry = await lastAudit(other.staffId);
    expect(entry.action).toBe("staff.reset-totp");
    expect(entry.before_json).not.toContain(secret);
  });

  it("sends a password-reset link by e-mail and answers it once", async () => {
    const person = await createTestStaff(t.db, "atendimento");
    const sent = await as(admin).post(`/gestor/team/${person.staffId}/password-link`);
    expect(sent.status).toBe(200);
    expect(t.mail.at(-1)).toMatchObject({ to: person.email, subject: "Redefinição de senha da área do gestor" });
    const token = sent.body.link.split("/").at(-1);
    const check = await t.call("POST", "/gestor/auth/password-link", { token });
    expect(check.body.purpose).toBe("redefinicao");
    expect((await lastAudit(person.staffId)).action).toBe("staff.password-link");
  });

  it("is the admins' only: atendimento gets 403 from every call, a customer or no token 401", async () => {
    const atendente = await createTestStaff(t.db, "atendimento");
    const customer = await signUpAndLogIn(t);
    const calls = [...Object.values(gestorTeam), ...Object.values(gestorAudit)];
    for (const call of calls) {
      const path = call.path.replace(":staffId", atendente.staffId);
      const body = call.method === "POST" ? { name: "X Y", email: "x@escola.test", role: "admin" } : undefined;
      const refused = await t.call(call.method, path, body, { token: atendente.token });
      expect([path, refused.status, refused.body.error.message]).toEqual([path, 403, ROLE_REFUSED]);
      for (const token of [customer.token, undefined]) {
        const reply = await t.call(call.method, path, body, { token });
        expect([path, reply.status, reply.body.error.message]).toEqual([path, 401, STAFF_SESSION_EXPIRED]);
      }
    }
    expect((await lastAudit(atendente.staffId)).action).toBe("staff.invite");
  });
});

describe("the last active admin", () => {
  it("can never be demoted or deactivated, and a demoted admin's request in flight is refused", async () => {
    const fresh = await createTestApi({ seed: false });
    try {
      const deps = { db: fresh.db, now: () => new Date(), publicUrl: fresh.publicUrl } as ApiDeps;
      const first = await createTestStaff(fresh.db, "admin");
      const second = await createTestStaff(fresh.db, "admin");
      // `first` demotes `second` while `second`'s own request (past the guard) deactivates `first`.
      await changeRole(
        deps,
        { kind: "staff", staffId: first.staffId, email: first.email, address: null },
        second.staffId,
        { role: "atendimento", unitCodes: [] },
      );
      const inFlight = deactivateMember(
        deps,
        { kind: "staff", staffId: second.staffId, email: second.email, address: null },
        first.staffId,
      );
      await expect(inFlight).rejects.toMatchObject({ status: 403, message: ROLE_REFUSED });
      // The command line has no account: the rule itself stops it.
      await expect(
        changeRole(deps, COMMAND_LINE, first.staffId, { role: "atendimento", unitCodes: [] }),
      ).rejects.toMatchObject({
        status: 409,
        message: LAST_ADMIN,
      });
      await expect(deactivateMember(deps, COMMAND_LINE, first.staffId)).rejects.toMatchObject({ message: LAST_ADMIN });
      const still = await fresh.db
        .selectFrom("staff")
        .selectAll()
        .where("id", "=", first.staffId)
        .executeTakeFirstOrThrow();
      expect([still.role, still.deactivated_at]).toEqual(["admin", null]);
      // With a second active admin, the command line may.
      await changeRole(deps, COMMAND_LINE, second.staffId, { role: "admin", unitCodes: [] });
      expect((await changeRole(deps, COMMAND_LINE, first.staffId, { role: "atendimento", unitCodes: [] })).role).toBe(
        "atendimento",
      );
    } finally {
      await fresh.close();
    }
  });
});

describe("a unit's secretary in Equipe (decision 0061)", () => {
  const sessionsOf = async (staffId: string) =>
    t.db.selectFrom("staff_sessions").select("revoked_at").where("staff_id", "=", staffId).execute();

  it("invites a secretary only with units of the network, then changes them, ending her sessions when one goes", async () => {
    const email = `secretaria-${crypto.randomUUID().slice(0, 6)}@escola.test`;
    const without = await as(admin).post("/gestor/team/invite", { name: "Sara", email, role: "secretaria" });
    expect([without.status, without.body.error.message]).toEqual([400, UNITS_REQUIRED]);
    const unknown = await as(admin).post("/gestor/team/invite", {
      name: "Sara",
      email,
      role: "secretaria",
      unitCodes: ["999"],
    });
    expect([unknown.status, unknown.body.error.message]).toEqual([409, UNKNOWN_UNITS]);
    expect(await t.db.selectFrom("staff").select("id").where("email", "=", email).execute()).toEqual([]);

    const invited = await as(admin).post("/gestor/team/invite", {
      name: "Sara",
      email,
      role: "secretaria",
      unitCodes: ["3", "1", "3"],
    });
    expect(invited.status).toBe(200);
    expect(invited.body.member).toMatchObject({ role: "secretaria", unitCodes: ["1", "3"] });
    const staffId = invited.body.member.id as string;
    await issueStaffSession(t.db, staffId, new Date(), { mfaPassed: true, address: null });

    // A unit more: more access, the session stays.
    const more = await as(admin).post(`/gestor/team/${staffId}/role`, {
      role: "secretaria",
      unitCodes: ["1", "3", "4"],
    });
    expect(more.body.member.unitCodes).toEqual(["1", "3", "4"]);
    expect((await sessionsOf(staffId)).every((session) => session.revoked_at === null)).toBe(true);
    const same = await as(admin).post(`/gestor/team/${staffId}/role`, {
      role: "secretaria",
      unitCodes: ["4", "3", "1"],
    });
    expect([same.status, same.body.error.message]).toEqual([409, SAME_ACCESS]);
    // A unit fewer: her sessions end; the log says which units before and after.
    const fewer = await as(admin).post(`/gestor/team/${staffId}/role`, { role: "secretaria", unitCodes: ["4"] });
    expect(fewer.body.member.unitCodes).toEqual(["4"]);
    expect((await sessionsOf(staffId)).every((session) => session.revoked_at !== null)).toBe(true);
    const entry = await lastAudit(staffId);
    expect(entry.summary).toBe(
      `Mudou o perfil de ${email} de Secretaria (unidades 1, 3, 4) para Secretaria (unidade 4)`,
    );
    // Another role keeps no units.
    const network = await as(admin).post(`/gestor/team/${staffId}/role`, { role: "atendimento", unitCodes: ["4"] });
    expect(network.body.member).toMatchObject({ role: "atendimento", unitCodes: [] });
    expect(await t.db.selectFrom("staff_units").selectAll().where("staff_id", "=", staffId).execute()).toEqual([]);
  });
});
