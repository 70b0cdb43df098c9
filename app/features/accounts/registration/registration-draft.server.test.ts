import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type * as DraftModule from "./registration-draft.server.ts";

let drafts: typeof DraftModule;
const PASSWORD = "Lapis-Azul-42";
const access = { name: "Joana Maria de Albuquerque", email: "joana@exemplo.com.br", password: PASSWORD };

async function loadWithSecrets(secrets: string): Promise<typeof DraftModule> {
  vi.resetModules();
  process.env.SESSION_SECRET = secrets;
  return import("./registration-draft.server.ts");
}

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "loja-draft-"));
  drafts = await loadWithSecrets("segredo-de-teste-com-pelo-menos-32-caracteres");
});
afterEach(() => vi.useRealTimers());

/** The request a browser sends back with the Set-Cookie it got, and the form naming the draft. */
function postWith(setCookie: string, draftId: string) {
  const request = new Request("http://loja.local/registrar", { headers: { cookie: setCookie.split(";")[0]! } });
  const form = new FormData();
  form.set("draft", draftId);
  return [request, form] as const;
}

describe("the sign-up draft", () => {
  it("keeps step 1 in an httpOnly cookie where the password cannot be read", async () => {
    const { draft, cookie } = await drafts.startDraft(access);
    expect(cookie).toMatch(/HttpOnly/i);
    const value = decodeURIComponent(cookie.split(";")[0]!.split("=").slice(1).join("="));
    for (const text of [cookie, value, Buffer.from(value, "base64").toString("latin1")]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(access.email);
    }
    expect(await drafts.readDraft(...postWith(cookie, draft.id))).toMatchObject({ id: draft.id, access });
  });

  it("belongs to one sign-up and 30 minutes: another id, a changed byte or a late post find nothing", async () => {
    const { draft, cookie } = await drafts.startDraft(access);
    expect(await drafts.readDraft(...postWith(cookie, crypto.randomUUID()))).toBeNull();
    const sealed = drafts.encryptDraft(draft);
    const flipped = sealed.slice(0, 20) + (sealed[20] === "A" ? "B" : "A") + sealed.slice(21);
    expect(drafts.decryptDraft(flipped)).toBeNull();
    vi.useFakeTimers({ now: Date.now() + 30 * 60_000 + 1 });
    expect(await drafts.readDraft(...postWith(cookie, draft.id))).toBeNull();
  });

  it("drops the password once the account exists, keeping only the login grant", async () => {
    const { draft } = await drafts.startDraft(access);
    const grant = {
      token: "t".repeat(43),
      customer: { id: "c1", name: access.name, email: access.email, avatar: null },
    };
    const cookie = await drafts.grantDraft(draft, grant);
    const read = await drafts.readDraft(...postWith(cookie, draft.id));
    expect(read).toEqual({ id: draft.id, expiresAt: draft.expiresAt, grant });
    expect(JSON.stringify(read)).not.toContain(PASSWORD);
    expect(await drafts.clearDraft()).toMatch(/Max-Age=0/i);
  });

  it("opens a draft sealed before SESSION_SECRET was rotated", async () => {
    const old = await loadWithSecrets("segredo-antigo-com-pelo-menos-32-caracteres");
    const { draft, cookie } = await old.startDraft(access);
    const rotated = await loadWithSecrets(
      "segredo-novo-com-pelo-menos-32-caracteres,segredo-antigo-com-pelo-menos-32-caracteres",
    );
    expect(await rotated.readDraft(...postWith(cookie, draft.id))).toMatchObject({ access });
    const dropped = await loadWithSecrets("segredo-novo-com-pelo-menos-32-caracteres");
    expect(await dropped.readDraft(...postWith(cookie, draft.id))).toBeNull();
  });
});
