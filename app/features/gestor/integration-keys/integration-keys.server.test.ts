import { describe, expect, it } from "vitest";
import {
  actionReply,
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  locationOf,
  loginFor,
  thrownBy,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { ROLE_REFUSED_PAGE } from "../staff-guard.server.ts";
import { integrationKeysAction, integrationKeysPage, KEY_REVOKED } from "./integration-keys.server.ts";

const { store, admin, atendimento: atendente } = gestorTestStoreForFile(["admin", "atendimento"]);

const path = GESTOR_PATHS.integrationKeys;
const post = (fields: Record<string, string | string[]>, cookie = admin.cookie) =>
  integrationKeysAction(gestorPost(cookie, fields, path).request);
const keyRows = () => store.db.selectFrom("integration_keys").selectAll().execute();

describe("Integrações", () => {
  it("sends a visitor to the login and refuses atendimento the page and its actions", async () => {
    expect(locationOf(await thrownBy(integrationKeysPage(gestorGet(null, path))))).toBe(loginFor(path));
    const refused = await thrownBy(integrationKeysPage(gestorGet(atendente.cookie, path)));
    expect([refused?.status, await refused?.text()]).toEqual([403, ROLE_REFUSED_PAGE]);
    const before = (await keyRows()).length;
    expect((await thrownBy(post({ intent: "create", label: "ERP", scopes: "roster" }, atendente.cookie)))?.status).toBe(
      403,
    );
    expect((await keyRows()).length).toBe(before);
  });

  it("creates a key and shows its secret in that reply only, uncached; the list then shows its hint", async () => {
    const created = (await post({
      intent: "create",
      label: "TOTVS RM noturno",
      scopes: ["roster", "grades"],
    })) as unknown as {
      data: { created: { label: string; secret: string } };
      init: { status?: number; headers: Record<string, string> };
    };
    expect(created.init.status ?? 200).toBe(200);
    expect(created.init.headers).toMatchObject({ "Cache-Control": "no-store" });
    const { secret, label } = created.data.created;
    expect([label, secret]).toEqual(["TOTVS RM noturno", expect.stringMatching(/^lei_/)]);
    const page = await integrationKeysPage(gestorGet(admin.cookie, path));
    expect(page.init?.headers).toMatchObject({ "Cache-Control": "no-store" });
    const listed = page.data.keys.find((key) => key.label === "TOTVS RM noturno");
    expect(listed).toMatchObject({ hint: secret.slice(-4), scopes: ["roster", "grades"], createdBy: admin.email });
    expect(JSON.stringify(page.data)).not.toContain(secret);
  });

  it("keeps the typed name and says what is missing when no scope is ticked, creating nothing", async () => {
    const before = (await keyRows()).length;
    const reply = await post({ intent: "create", label: "Sem escopo" }).then(actionReply);
    expect(reply.status).toBe(400);
    expect(reply.data.result.error.scopes).toEqual(["Escolha o que a chave pode atualizar."]);
    expect(reply.data.result.initialValue.label).toBe("Sem escopo");
    expect((await keyRows()).length).toBe(before);
  });

  it("revokes a key only with the confirmation ticked, then says so", async () => {
    const { data } = await post({ intent: "create", label: "Chave velha", scopes: "roster" }).then(actionReply);
    const id = (await keyRows()).find((row) => row.token_hint === data.created.secret.slice(-4))!.id;
    const unconfirmed = await post({ intent: "revoke", keyId: id }).then(actionReply);
    expect([unconfirmed.status, unconfirmed.data.revokeError]).toEqual([
      400,
      { keyId: id, message: "Marque a confirmação para continuar." },
    ]);
    expect((await keyRows()).find((row) => row.id === id)?.revoked_at).toBeNull();
    const done = await post({ intent: "revoke", keyId: id, confirm: "on" });
    expect(locationOf(done as Response)).toBe(path);
    expect(await toastOf(done as Response)).toMatchObject({ message: KEY_REVOKED });
    expect((await keyRows()).find((row) => row.id === id)?.revoked_at).not.toBeNull();
  });
});
