import { describe, expect, it } from "vitest";
import { PASSWORD_LINK_GONE, STAFF_PASSWORD_TOO_SHORT } from "#api/gestor/staff/routes.ts";
import {
  actionReply,
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  locationOf,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { GESTOR_PATHS } from "./gestor-paths.ts";
import { PASSWORD_SET, setPassword, setPasswordPage } from "./set-password.server.ts";
import { invite } from "./staff/team.server.ts";

const { store, admin } = gestorTestStoreForFile(["admin"]);

/** A person invited through Equipe, and the token of the link their e-mail carries. */
async function invited(name: string) {
  const email = `${crypto.randomUUID().slice(0, 8)}@escola.test`;
  const reply = actionReply(
    await invite(
      gestorPost(admin.cookie, { intent: "invite", name, email, role: "atendimento" }, GESTOR_PATHS.team).request,
    ),
  );
  const link = reply.data.invited.link as string;
  return { email, token: link.slice(link.lastIndexOf("/") + 1) };
}

const page = (token: string) => setPasswordPage(gestorGet(null, GESTOR_PATHS.setPassword(token)), token);
const submit = (token: string, fields: Record<string, string>) =>
  setPassword(gestorPost("", fields, GESTOR_PATHS.setPassword(token)).request, token).then(actionReply);
const hashOf = async (email: string) =>
  (await store.db.selectFrom("staff").select("password_hash").where("email", "=", email).executeTakeFirstOrThrow())
    .password_hash;

describe("setting a password from an e-mailed link", () => {
  it("greets the invited person by name; a link that does not exist says so, not an error page", async () => {
    const { token } = await invited("Taís Moreira");
    expect(await page(token)).toMatchObject({ invalid: null, person: { name: "Taís Moreira" } });
    const gone = (await page("x".repeat(43))) as unknown as { data: { invalid: string }; init: ResponseInit };
    expect(gone.init.status).toBe(404);
    expect(gone.data).toEqual({ invalid: PASSWORD_LINK_GONE, person: null });
  });

  it("refuses a short password and one not confirmed, beside the fields, setting nothing", async () => {
    const { email, token } = await invited("Ivone Bastos");
    const short = await submit(token, { password: "curta", passwordConfirmation: "curta" });
    expect(short.status).toBe(400);
    expect(short.data.result.error).toMatchObject({ password: [STAFF_PASSWORD_TOO_SHORT] });
    expect(short.data.result.initialValue).toEqual({});
    const mismatch = await submit(token, {
      password: "Girassol-azul-2026",
      passwordConfirmation: "Girassol-azul-2027",
    });
    expect(mismatch.data.result.error).toMatchObject({ passwordConfirmation: ["As senhas não conferem."] });
    expect(await hashOf(email)).toBeNull();
  });

  it("sets the password, ends the link and sends the person to log in with a toast", async () => {
    const { email, token } = await invited("Zuleica Andrade");
    const done = await submit(token, {
      password: "Maracujá-do-mato-2026",
      passwordConfirmation: "Maracujá-do-mato-2026",
    });
    expect(done.status).toBe(302);
    expect(locationOf(done.response)).toBe(GESTOR_PATHS.login);
    expect((await toastOf(done.response!))?.message).toBe(PASSWORD_SET);
    expect(await hashOf(email)).not.toBeNull();
    expect(((await page(token)) as unknown as { data: { invalid: string } }).data.invalid).toBe(PASSWORD_LINK_GONE);
  });
});
