/**
 * The e2e server's settings, in one place: playwright.config.ts starts the server with them
 * (webServer.env, read by scripts/e2e-server.js) and the tests read the same values to reach
 * the server, its mailbox and database, and to sign session cookies as the server does.
 * Each can be overridden from the environment, so that several suites can run side by side.
 */
const port = Number(process.env.E2E_PORT ?? 3999);
const mercadoPagoPort = Number(process.env.E2E_MERCADOPAGO_PORT ?? 3995);
const mercadoPagoDoublePort = Number(process.env.E2E_MERCADOPAGO_DOUBLE_PORT ?? 3994);
const schoolStorePort = Number(process.env.E2E_SCHOOL_STORE_PORT ?? 3993);
const schoolApiPort = Number(process.env.E2E_SCHOOL_API_PORT ?? 3992);
const postgresPort = Number(process.env.E2E_POSTGRES_PORT ?? 3991);

export const e2eEnv = {
  host: "127.0.0.1",
  port,
  baseURL: `http://127.0.0.1:${port}`,
  /** The store's SMTP server and the HTTP endpoint the tests read it through (tests/e2e/support/mailbox.ts). */
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 3998),
  mailboxPort: Number(process.env.E2E_MAILBOX_PORT ?? 3997),
  /** The ViaCEP double (tests/fixtures/cep-server.ts). */
  cepPort: Number(process.env.E2E_CEP_PORT ?? 3996),
  /** The WhatsApp Cloud API double (tests/fixtures/whatsapp-double.ts), with WhatsApp on in the store. */
  whatsappPort: Number(process.env.E2E_WHATSAPP_PORT ?? 3989),
  /** A fresh demo database per run; the gestor CLI and direct database changes use it too. */
  dataDir: process.env.E2E_DATA_DIR ?? ".tmp/e2e-data",
  /** Signs the session cookie: the login fixture signs one with it (tests/e2e/support/session.ts). */
  sessionSecret: process.env.SESSION_SECRET ?? "e2e-secret-not-for-production-32-chars-min",
  /**
   * A second store server, on its own database, charging through the Mercado Pago double
   * (PAYMENT_GATEWAY=mercadopago): only the specs about Mercado Pago use it (test.use baseURL);
   * every other spec runs against the sandbox above.
   */
  mercadoPago: {
    port: mercadoPagoPort,
    baseURL: `http://127.0.0.1:${mercadoPagoPort}`,
    dataDir: `${process.env.E2E_DATA_DIR ?? ".tmp/e2e-data"}-mercadopago`,
    /** The double (tests/fixtures/mercadopago-double.ts): its API, its boleto PDFs and its /__double/ controls. */
    doubleURL: `http://127.0.0.1:${mercadoPagoDoublePort}`,
    doublePort: mercadoPagoDoublePort,
  },
  /**
   * The store on the school network's own API (docs/decisions/0026): a store API that has only
   * spec §7's calls (the bundled API behind tests/fixtures/spec7-only-api.ts, its own database),
   * and a storefront talking to it over HTTP (STORE_API_URL). Only school-api.spec.ts uses them.
   */
  schoolApi: {
    port: schoolStorePort,
    baseURL: `http://127.0.0.1:${schoolStorePort}`,
    dataDir: `${process.env.E2E_DATA_DIR ?? ".tmp/e2e-data"}-school`,
    apiPort: schoolApiPort,
    /** Where the store API's paths start: tests call it as `/api/...` from here, like the bundled one. */
    apiOrigin: `http://127.0.0.1:${schoolApiPort}`,
    apiDataDir: `${process.env.E2E_DATA_DIR ?? ".tmp/e2e-data"}-school-api`,
  },
};

/**
 * The store on PostgreSQL with two servers behind a round-robin proxy (scripts/e2e-postgres.js,
 * docs/decisions/0035): only when E2E_DATABASE_URL names a PostgreSQL server (scripts/test.sh
 * starts one), for the "postgres-*" projects, which run the purchase flows (tag @purchase).
 */
export const e2ePostgres = process.env.E2E_DATABASE_URL
  ? {
      port: postgresPort,
      baseURL: `http://127.0.0.1:${postgresPort}`,
      /** The store's database on that server, made afresh at each run. */
      databaseUrl: e2ePostgresDatabaseUrl(process.env.E2E_DATABASE_URL, postgresPort),
    }
  : null;

/** The e2e database on the PostgreSQL server of `serverUrl`, named for the proxy's port (suites side by side). */
export function e2ePostgresDatabaseUrl(serverUrl: string, port: number): string {
  const url = new URL(serverUrl);
  url.pathname = `/loja_e2e_${port}`;
  return url.toString();
}

/** The proxy and its two servers' environment (scripts/e2e-postgres.js). */
export function e2ePostgresEnvironment(): Record<string, string> {
  return {
    ...e2eServerEnvironment(),
    E2E_DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
    E2E_POSTGRES_PORT: String(postgresPort),
    E2E_DATA_DIR: `${e2eEnv.dataDir}-postgres`,
  };
}

/** The server's environment (scripts/e2e-server.js reads these names). */
export function e2eServerEnvironment(): Record<string, string> {
  return {
    PORT: String(e2eEnv.port),
    E2E_DATA_DIR: e2eEnv.dataDir,
    E2E_SMTP_PORT: String(e2eEnv.smtpPort),
    E2E_MAILBOX_PORT: String(e2eEnv.mailboxPort),
    E2E_CEP_PORT: String(e2eEnv.cepPort),
    E2E_WHATSAPP_PORT: String(e2eEnv.whatsappPort),
    SESSION_SECRET: e2eEnv.sessionSecret,
  };
}

/**
 * The Mercado Pago store's environment: the same session secret (the login fixture's cookie
 * works on both), its own port and data directory, and the double's port. It has no SMTP
 * mailbox of its own (e-mails are .eml files in its data directory) and looks postal codes up in
 * the first server's ViaCEP double.
 */
export function e2eMercadoPagoServerEnvironment(): Record<string, string> {
  return {
    ...e2eServerEnvironment(),
    PORT: String(e2eEnv.mercadoPago.port),
    E2E_DATA_DIR: e2eEnv.mercadoPago.dataDir,
    E2E_GATEWAY: "mercadopago",
    E2E_MERCADOPAGO_DOUBLE_PORT: String(e2eEnv.mercadoPago.doublePort),
  };
}

/** The §7-only store API's process (scripts/e2e-school-api.js). */
export function e2eSchoolApiEnvironment(): Record<string, string> {
  return {
    E2E_SCHOOL_API_PORT: String(e2eEnv.schoolApi.apiPort),
    E2E_DATA_DIR: e2eEnv.schoolApi.apiDataDir,
    SESSION_SECRET: e2eEnv.sessionSecret,
    // Its boleto links and e-mails point at the storefront shoppers use.
    PUBLIC_URL: e2eEnv.schoolApi.baseURL,
  };
}

/**
 * The storefront on that API: the same session secret (the login fixture's cookie works on it
 * too), its own port and data directory, no mailbox (the API sends the e-mails) and the first
 * server's ViaCEP double.
 */
export function e2eSchoolStoreEnvironment(): Record<string, string> {
  return {
    ...e2eServerEnvironment(),
    PORT: String(e2eEnv.schoolApi.port),
    E2E_DATA_DIR: e2eEnv.schoolApi.dataDir,
    E2E_STORE_API_URL: `${e2eEnv.schoolApi.apiOrigin}/api`,
  };
}
