import { describe, expect, it } from "vitest";
import { STAFF_EMAIL_TAKEN } from "#api/gestor/staff/staff-accounts.ts";
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
import { ROLE_REFUSED_PAGE } from "../staff-guard.server.ts";
import { invite, memberAction, memberPage, teamPage } from "./team.server.ts";

const { store, admin, atendimento: atendente } = gestorTestStoreForFile(["admin", "atendimento"]);

const memberPath = (staffId: string) => `${GESTOR_PATHS.team}/${staffId}`;
const inviteWith = (fields: Record<string, string>, cookie = admin.cookie) =>
  invite(gestorPost(cookie, { intent: "invite", ...fields }, GESTOR_PATHS.team).request).then(actionReply);
const act = (staffId: string, fields: Record<string, string>, cookie = admin.cookie) =>
  memberAction(gestorPost(cookie, fields, memberPath(staffId)).request, staffId).then(actionReply);
const staffRow = (id: string) =>
  store.db.selectFrom("staff").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("Equipe's guard", () => {
  it("sends a visitor to the login and refuses atendimento every page and action of Equipe", async () => {
    expect(locationOf(await thrownBy(teamPage(gestorGet(null, GESTOR_PATHS.team))))).toBe(loginFor(GESTOR_PATHS.team));
    const refused = await thrownBy(teamPage(gestorGet(atendente.cookie, GESTOR_PATHS.team)));
    expect(refused?.status).toBe(403);
    expect(await refused!.text()).toBe(ROLE_REFUSED_PAGE);
    const email = "convite-recusado@escola.test";
    expect((await thrownBy(inviteWith({ name: "Recusada", email, role: "admin" }, atendente.cookie)))?.status).toBe(
      403,
    );
    expect(await store.db.selectFrom("staff").select("id").where("email", "=", email).execute()).toEqual([]);
    expect(
      (await thrownBy(act(admin.staffId, { intent: "deactivate", confirm: "on" }, atendente.cookie)))?.status,
    ).toBe(403);
    expect((await staffRow(admin.staffId)).deactivated_at).toBeNull();
  });
});

describe("the team and invitations", () => {
  it("lists the team to an admin, who is told which row is theirs", async () => {
    const page = await teamPage(gestorGet(admin.cookie, GESTOR_PATHS.team));
    expect(page.selfId).toBe(admin.staffId);
    expect(page.members.map((member) => member.email)).toEqual(expect.arrayContaining([admin.email, atendente.email]));
  });

  it("invites a person and shows the link once, the form emptied", async () => {
    const email = "nova.pessoa@escola.test";
    const done = await inviteWith({ name: "Nova Pessoa", email: "Nova.Pessoa@escola.test", role: "atendimento" });
    expect(done.status).toBe(200);
    expect(done.data.invited).toEqual({
      name: "Nova Pessoa",
      email,
      link: expect.stringContaining("/gestor/definir-senha/"),
    });
    expect(done.data.result.initialValue).toBeNull();
    const [row] = await store.db.selectFrom("staff").selectAll().where("email", "=", email).execute();
    expect(row).toMatchObject({ name: "Nova Pessoa", role: "atendimento", password_hash: null });
  });

  it("refuses an e-mail already on the team and a bad one, keeping what was typed", async () => {
    const taken = await inviteWith({ name: "Outra Pessoa", email: atendente.email, role: "atendimento" });
    expect(taken.status).toBe(409);
    expect(taken.data.result.error[""]).toEqual([STAFF_EMAIL_TAKEN]);
    expect(taken.data.result.initialValue).toMatchObject({ name: "Outra Pessoa", email: atendente.email });
    const bad = await inviteWith({ name: "Sem Arroba", email: "sem-arroba", role: "atendimento" });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error).toMatchObject({ email: ["E-mail inválido."] });
    expect(
      await store.db.selectFrom("staff").select("id").where("name", "in", ["Outra Pessoa", "Sem Arroba"]).execute(),
    ).toEqual([]);
  });
});

describe("a person's page", () => {
  it("shows the person; an unknown one is 404", async () => {
    const page = await memberPage(gestorGet(admin.cookie, memberPath(atendente.staffId)), atendente.staffId);
    expect(page).toMatchObject({ member: { email: atendente.email, role: "atendimento" }, self: false });
    const unknown = crypto.randomUUID();
    expect((await thrownBy(memberPage(gestorGet(admin.cookie, memberPath(unknown)), unknown)))?.status).toBe(404);
  });

  it("changes the role and deactivates only when confirmed, each with its toast", async () => {
    const person = await staffLoggedIn(store.db, "atendimento");
    const role = await act(person.staffId, { intent: "role", role: "admin" });
    expect(locationOf(role.response)).toBe(memberPath(person.staffId));
    expect((await toastOf(role.response!))?.message).toBe(
      "Perfil alterado. Se o acesso diminuiu, as sessões da pessoa foram encerradas.",
    );
    expect((await staffRow(person.staffId)).role).toBe("admin");

    const unconfirmed = await act(person.staffId, { intent: "deactivate" });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.data).toEqual({ error: "Marque a confirmação para continuar.", link: null });
    expect((await staffRow(person.staffId)).deactivated_at).toBeNull();

    const deactivated = await act(person.staffId, { intent: "deactivate", confirm: "on" });
    expect((await toastOf(deactivated.response!))?.message).toBe(
      "Pessoa desativada. As sessões dela foram encerradas.",
    );
    expect((await staffRow(person.staffId)).deactivated_at).not.toBeNull();
  });

  it("shows a new password link in the reply, once", async () => {
    const done = await act(atendente.staffId, { intent: "password-link" });
    expect(done.status).toBe(200);
    expect(done.data).toEqual({ error: null, link: expect.stringContaining("/gestor/definir-senha/") });
  });
});
