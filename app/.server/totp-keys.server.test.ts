// Where the key that seals the staff's authenticator secrets comes from (docs/decisions/0049):
// never from the database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openTotpSecret, sealTotpSecret, totpKeysFrom } from "#api/gestor/staff/totp-secret-box.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-totp-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const KEY = "chave-dos-autenticadores-com-32-caracteres!";
const OLD_KEY = "chave-antiga-dos-autenticadores-32-caracteres";

async function keysWith(env: Record<string, string>) {
  vi.resetModules();
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "";
  process.env.DATABASE_URL = "";
  process.env.TOTP_ENCRYPTION_KEY = "";
  Object.assign(process.env, env);
  return (await import("./totp-keys.server.ts")).totpEncryptionKeys();
}

describe("totpEncryptionKeys", () => {
  it("takes TOTP_ENCRYPTION_KEY, newest first, and opens what the older key sealed", async () => {
    const keys = await keysWith({ TOTP_ENCRYPTION_KEY: `${KEY}, ${OLD_KEY}` });
    expect(keys).toEqual(totpKeysFrom([KEY, OLD_KEY]));
    const sealedBefore = sealTotpSecret(totpKeysFrom([OLD_KEY]), "pessoa", "JBSWY3DPEHPK3PXP");
    expect(openTotpSecret(keys, "pessoa", sealedBefore)).toEqual({ secret: "JBSWY3DPEHPK3PXP", keyIndex: 1 });
  });

  it("refuses a short key", async () => {
    await expect(keysWith({ TOTP_ENCRYPTION_KEY: "curta" })).rejects.toThrow(
      /TOTP_ENCRYPTION_KEY: cada chave precisa de pelo menos 32 caracteres/,
    );
  });

  it("without it, derives from SESSION_SECRET, which is not in the database", async () => {
    const secret = "segredo-da-sessao-com-pelo-menos-32-caracteres";
    const keys = await keysWith({ SESSION_SECRET: secret, DATABASE_URL: "postgres://loja@banco/loja" });
    expect(keys).toEqual(totpKeysFrom([secret]));
  });

  it("on one machine without either, derives from DATA_DIR/session-secret", async () => {
    const keys = await keysWith({});
    const file = fs.readFileSync(path.join(dataDir, "session-secret"), "utf8").trim();
    expect(keys).toEqual(totpKeysFrom([file]));
  });

  it("refuses to start on PostgreSQL with the session secret kept in the database", async () => {
    await expect(keysWith({ DATABASE_URL: "postgres://loja@banco/loja" })).rejects.toThrow(
      /TOTP_ENCRYPTION_KEY: obrigatória com DATABASE_URL sem SESSION_SECRET/,
    );
  });
});
