/**
 * The e2e server's settings, in one place: playwright.config.ts starts the server with them
 * (webServer.env, read by scripts/e2e-server.js) and the tests read the same values to reach
 * the server, its mailbox and database, and to sign session cookies as the server does.
 * Each can be overridden from the environment, so that several suites can run side by side.
 */
const port = Number(process.env.E2E_PORT ?? 3999);

export const e2eEnv = {
  host: "127.0.0.1",
  port,
  baseURL: `http://127.0.0.1:${port}`,
  /** The store's SMTP server and the HTTP endpoint the tests read it through (tests/e2e/support/mailbox.ts). */
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 3998),
  mailboxPort: Number(process.env.E2E_MAILBOX_PORT ?? 3997),
  /** The ViaCEP double (tests/fixtures/cep-server.ts). */
  cepPort: Number(process.env.E2E_CEP_PORT ?? 3996),
  /** A fresh demo database per run; the gestor CLI and direct database changes use it too. */
  dataDir: process.env.E2E_DATA_DIR ?? ".tmp/e2e-data",
  /** Signs the session cookie: the login fixture signs one with it (tests/e2e/support/session.ts). */
  sessionSecret: process.env.SESSION_SECRET ?? "e2e-secret-not-for-production-32-chars-min",
};

/** The server's environment (scripts/e2e-server.js reads these names). */
export function e2eServerEnvironment(): Record<string, string> {
  return {
    PORT: String(e2eEnv.port),
    E2E_DATA_DIR: e2eEnv.dataDir,
    E2E_SMTP_PORT: String(e2eEnv.smtpPort),
    E2E_MAILBOX_PORT: String(e2eEnv.mailboxPort),
    E2E_CEP_PORT: String(e2eEnv.cepPort),
    SESSION_SECRET: e2eEnv.sessionSecret,
  };
}
