import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { migrateToLatest } from "#db/client.ts";
import { sharedSessionSecret } from "#db/server-secrets.ts";
import { emptySharedDatabase } from "#tests/fixtures/shared-database.ts";

const OLD = "segredo-antigo-com-pelo-menos-32-caracteres";
const NEW = "segredo-novo-com-pelo-menos-32-caracteres-!";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-segredos-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The cookie modules as a server started with SESSION_SECRET=`secrets` would have them. */
async function serverWith(secrets: string) {
  vi.resetModules();
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = secrets;
  return {
    csrf: await import("./csrf.server.ts"),
    session: await import("./session.server.ts"),
    secrets: await import("./secrets.server.ts"),
  };
}

const customer = { id: "c1", name: "Mariana Albuquerque Souza", email: "demo@lojaescolar.com.br", avatar: null };
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

function formWith(token: string) {
  const form = new FormData();
  form.set("csrf", token);
  return form;
}

beforeEach(() => vi.resetModules());

describe("rotating SESSION_SECRET (newest first, all verify)", () => {
  it("keeps open forms and sessions working when a new secret is put in front of the old one", async () => {
    const before = await serverWith(OLD);
    const [token, csrfSetCookie] = await before.csrf.commitCsrfToken(new Request("http://loja.local/"));
    const sessionSetCookie = await before.session.commitCustomerSession(new Request("http://loja.local/"), {
      token: "t",
      customer,
    });
    const cookies = new Headers({ cookie: `${cookieOf(csrfSetCookie!)}; ${cookieOf(sessionSetCookie)}` });

    const after = await serverWith(`${NEW},${OLD}`);
    await expect(after.csrf.validateCsrf(formWith(token), cookies)).resolves.toBeUndefined();
    const [sameToken, newCookie] = await after.csrf.commitCsrfToken(
      new Request("http://loja.local/", { headers: cookies }),
    );
    expect([sameToken, newCookie]).toEqual([token, null]);
    expect(await after.session.getSessionCustomer(new Request("http://loja.local/", { headers: cookies }))).toEqual({
      customer,
      token: "t",
    });

    // Once the old secret is dropped, what it signed is worth nothing.
    const retired = await serverWith(NEW);
    const refused = await retired.csrf.validateCsrf(formWith(token), cookies).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(
      await retired.session.getSessionCustomer(new Request("http://loja.local/", { headers: cookies })),
    ).toBeNull();
  });

  it("derives one key per purpose, so a value signed for one cannot pass as another", async () => {
    const { secrets } = await serverWith(`${NEW},${OLD}`);
    const keys = ["session", "csrf", "toast", "signup-draft", "quick-purchase"] as const;
    const firsts = keys.map((purpose) => secrets.secretsFor(purpose)[0]);
    expect(new Set(firsts).size).toBe(keys.length);
    expect(firsts).not.toContain(NEW);
    expect(secrets.secretsFor("session")).toHaveLength(2);
  });

  it("refuses a secret shorter than 32 characters, naming the variable", async () => {
    const { secrets } = await serverWith(`${NEW},curto`);
    expect(() => secrets.getRootSecrets()).toThrow(/SESSION_SECRET: cada segredo precisa de pelo menos 32 caracteres/);
  });

  it("refuses a form whose token does not match its cookie, or has none", async () => {
    const { csrf } = await serverWith(NEW);
    const [, setCookie] = await csrf.commitCsrfToken(new Request("http://loja.local/"));
    const [otherToken] = await csrf.commitCsrfToken(new Request("http://loja.local/"));
    const cookies = new Headers({ cookie: cookieOf(setCookie!) });
    for (const form of [formWith(otherToken), new FormData()]) {
      const refused = await csrf.validateCsrf(form, cookies).catch((error: unknown) => error);
      expect((refused as Response).status).toBe(403);
    }
  });
});

describe("without SESSION_SECRET on PostgreSQL (docs/decisions/0035-several-servers.md)", () => {
  /** A server on its own machine: its own DATA_DIR, the one database `db`. */
  async function serverOnDatabase(ownDataDir: string) {
    vi.resetModules();
    process.env.DATA_DIR = ownDataDir;
    process.env.SESSION_SECRET = "";
    process.env.DATABASE_URL = "postgres://loja@banco.interno/loja";
    // Read now, as a server reads its configuration at start, before the next "machine" is set up.
    (await import("./env.server.ts")).getEnv();
    return { session: await import("./session.server.ts"), secrets: await import("./secrets.server.ts") };
  }

  it("every server signs with the database's one secret, first offered by a server that had its own", async () => {
    const shared = await emptySharedDatabase();
    try {
      const db = await shared.open();
      await migrateToLatest(db);
      const machineA = fs.mkdtempSync(path.join(dataDir, "a-"));
      const machineB = fs.mkdtempSync(path.join(dataDir, "b-"));
      fs.writeFileSync(path.join(machineA, "session-secret"), OLD);
      const a = await serverOnDatabase(machineA);
      const b = await serverOnDatabase(machineB);
      // Nothing may be signed with a secret of its own before the database's is known.
      expect(() => b.secrets.getRootSecrets()).toThrow(/segredo compartilhado/);

      await a.secrets.loadSharedRootSecret((offered) => sharedSessionSecret(db, new Date(), offered));
      await b.secrets.loadSharedRootSecret((offered) => sharedSessionSecret(db, new Date(), offered));

      expect(a.secrets.getRootSecrets()).toEqual([OLD]);
      const setCookie = await a.session.commitCustomerSession(new Request("http://loja.local/"), {
        token: "t",
        customer,
      });
      const onB = new Request("http://loja.local/", { headers: { cookie: cookieOf(setCookie) } });
      expect(await b.session.getSessionCustomer(onB)).toEqual({ customer, token: "t" });
      expect(fs.existsSync(path.join(machineB, "session-secret"))).toBe(false);
    } finally {
      delete process.env.DATABASE_URL;
      await shared.close();
    }
  });
});
