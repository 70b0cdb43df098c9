import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETION_PASSWORD_WRONG } from "#api/contract/privacy.ts";
import { accountPageAction, loadAccountPage } from "#app/features/accounts/account-page.server.ts";
import { storeApiFor } from "#app/.server/store-api/index.server.ts";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import { actionReply, signUpAndLogIn, storefrontGet, storefrontPost } from "#tests/fixtures/storefront-requests.ts";
import { downloadAccountData } from "./account-privacy.server.ts";

let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-privacidade-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
  // The bundled API migrates and seeds on first use.
  await storeApiFor(storefrontGet(null)).listPaymentMethods();
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** What a loader or action threw (a redirect), or undefined. */
const thrownBy = (work: Promise<unknown>) => work.then(() => undefined).catch((error: unknown) => error as Response);

describe("GET /conta/meus-dados", () => {
  it("answers the customer's data as a JSON attachment that no cache keeps", async () => {
    const maria = await signUpAndLogIn();
    const response = await downloadAccountData(await requestArgs(storefrontGet(maria.cookie, "/conta/meus-dados")));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="meus-dados-loja-escolar-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(JSON.parse(text).customer).toMatchObject({ id: maria.id, cpf: maria.cpf });
    expect(text).not.toContain(maria.token);
  });

  it("sends a visitor home without a file", async () => {
    const thrown = await thrownBy(downloadAccountData(await requestArgs(storefrontGet(null, "/conta/meus-dados"))));
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("location")).toBe("/");
  });
});

describe("the /conta action, 'Excluir minha conta'", () => {
  const confirmPath = "/conta?excluir-conta=confirmar";
  const run = async (cookie: string, fields: Record<string, string>) => {
    const { request, formData } = storefrontPost(cookie, { intent: "delete-account", ...fields }, confirmPath);
    return actionReply(await accountPageAction(await requestArgs(request), formData));
  };

  it("with a wrong password answers the dialog with the message, never the password, and keeps the session", async () => {
    const maria = await signUpAndLogIn();
    const reply = await run(maria.cookie, { password: "senhaErrada9" });
    expect(reply.status).toBe(400);
    expect(reply.data).toMatchObject({ form: "delete-account", result: { error: { "": [DELETION_PASSWORD_WRONG] } } });
    expect(JSON.stringify(reply.data)).not.toContain("senhaErrada9");
    expect(await loadAccountPage(await requestArgs(storefrontGet(maria.cookie)))).toHaveProperty("email");

    const empty = await run(maria.cookie, { password: "" });
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.password).toEqual(["Informe sua senha para confirmar a exclusão."]);
  });

  it("with the right password ends the session and lands on the home page with the toast", async () => {
    const maria = await signUpAndLogIn();
    const { response } = await run(maria.cookie, { password: maria.password });
    expect(response?.status).toBe(302);
    expect(response?.headers.get("location")).toBe("/");
    const cookies = response?.headers.get("set-cookie") ?? "";
    expect(cookies).toMatch(/loja_session=;[^,]*Expires=Thu, 01 Jan 1970/);
    expect(cookies).toContain("loja_toast=");

    // The old cookie's token is revoked: the next page ends the session (spec §8).
    const thrown = await thrownBy(loadAccountPage(await requestArgs(storefrontGet(maria.cookie))));
    expect(thrown?.headers.get("location")).toBe("/sessao-expirada");
  });
});
