// Starts the built store for the e2e suite on a fresh demo database.
// playwright.config.ts gives every setting (tests/e2e/support/e2e-env.ts, which the tests read
// too): none has a default here, so the server and the tests cannot disagree.
import fs from "node:fs";
import path from "node:path";

function setting(name) {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: start the e2e server through playwright (playwright.config.ts webServer.env)`);
  return value;
}

const dataDir = path.resolve(setting("E2E_DATA_DIR"));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.env.HOST = "127.0.0.1";
// The request log is on, as in production, and everything the server prints is also kept in
// DATA_DIR/server.log: a test reads it for secrets that must never be logged.
process.env.LOG_REQUESTS = "true";
const serverLog = fs.createWriteStream(path.join(dataDir, "server.log"));
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream);
  stream.write = (chunk, ...rest) => {
    serverLog.write(chunk);
    return write(chunk, ...rest);
  };
}
// One process: the doubles below run inside it, and server.log is this process's stdout.
process.env.WEB_CONCURRENCY = "1";
process.env.COOKIE_SECURE = "false";
// Tests act as many shoppers: each sends its own X-Forwarded-For for the rate limits, as a
// reverse proxy one hop in front of the store would.
process.env.TRUST_PROXY = "1";
// The login fixture signs session cookies with the same secret (tests/e2e/support/session.ts).
setting("SESSION_SECRET");
// Links in e-mails point at this server.
process.env.PUBLIC_URL = `http://127.0.0.1:${setting("PORT")}`;
if (process.env.E2E_STORE_API_URL) {
  // The storefront on the school network's API (school-api.spec.ts): that API keeps the data,
  // charges and sends the e-mails; postal codes come from the first server's ViaCEP double.
  process.env.STORE_API_URL = process.env.E2E_STORE_API_URL;
  process.env.CEP_API_URL = `http://127.0.0.1:${setting("E2E_CEP_PORT")}`;
} else if (process.env.E2E_POSTGRES_DATABASE_URL) {
  // One of two servers on one PostgreSQL database behind the round-robin proxy
  // (scripts/e2e-postgres.js): shoppers reach it through the proxy, one more hop in X-Forwarded-For;
  // e-mails go to the first server's mailbox, postal codes to its ViaCEP double.
  process.env.DATABASE_URL = process.env.E2E_POSTGRES_DATABASE_URL;
  process.env.PUBLIC_URL = setting("E2E_PUBLIC_URL");
  process.env.TRUST_PROXY = "2";
  process.env.SMTP_URL = `smtp://127.0.0.1:${setting("E2E_SMTP_PORT")}`;
  process.env.CEP_API_URL = `http://127.0.0.1:${setting("E2E_CEP_PORT")}`;
} else if (process.env.E2E_GATEWAY === "mercadopago") {
  // The second e2e store (playwright.config.ts): it charges through the Mercado Pago double,
  // which runs in this process on the port the tests know, for its /__double/ controls.
  const { DOUBLE_CREDENTIALS, startMercadoPagoDouble } = await import("../tests/fixtures/mercadopago-double.ts");
  const double = await startMercadoPagoDouble({ port: Number(setting("E2E_MERCADOPAGO_DOUBLE_PORT")) });
  process.env.PAYMENT_GATEWAY = "mercadopago";
  process.env.MERCADOPAGO_ACCESS_TOKEN = DOUBLE_CREDENTIALS.accessToken;
  process.env.MERCADOPAGO_PUBLIC_KEY = DOUBLE_CREDENTIALS.publicKey;
  process.env.MERCADOPAGO_WEBHOOK_SECRET = DOUBLE_CREDENTIALS.webhookSecret;
  process.env.MERCADOPAGO_API_URL = double.url;
  // The double's MercadoPago.js: the payment step tokenises through it, as through the real SDK.
  process.env.MERCADOPAGO_SDK_URL = `${double.url}/js/v2`;
  // No mailbox of its own (e-mails are .eml files in DATA_DIR/outbox); the first server's ViaCEP double.
  process.env.CEP_API_URL = `http://127.0.0.1:${setting("E2E_CEP_PORT")}`;
} else {
  // The store mails through a real SMTP server on loopback; tests read it over HTTP
  // (tests/e2e/support/mailbox.ts), on the ports the test workers know from e2e-env.ts.
  const { startMailbox } = await import("./e2e-mailbox.js");
  const mailbox = await startMailbox({
    smtpPort: Number(setting("E2E_SMTP_PORT")),
    httpPort: Number(setting("E2E_MAILBOX_PORT")),
  });
  process.env.SMTP_URL = mailbox.smtpUrl;
  // Postal codes are looked up in a ViaCEP double on loopback (Node 24 runs the .ts fixture as is).
  const { startCepServer } = await import("../tests/fixtures/cep-server.ts");
  const cepApi = await startCepServer(Number(setting("E2E_CEP_PORT")));
  process.env.CEP_API_URL = cepApi.url;
  // WhatsApp is on, through the Cloud API double's address (issue 31; tests/fixtures/whatsapp-credentials.ts).
  const { WHATSAPP_DOUBLE_CREDENTIALS } = await import("../tests/fixtures/whatsapp-credentials.ts");
  process.env.WHATSAPP_PHONE_NUMBER_ID = WHATSAPP_DOUBLE_CREDENTIALS.phoneNumberId;
  process.env.WHATSAPP_ACCESS_TOKEN = WHATSAPP_DOUBLE_CREDENTIALS.accessToken;
  process.env.WHATSAPP_APP_SECRET = WHATSAPP_DOUBLE_CREDENTIALS.appSecret;
  process.env.WHATSAPP_VERIFY_TOKEN = WHATSAPP_DOUBLE_CREDENTIALS.verifyToken;
  process.env.WHATSAPP_API_URL = `http://127.0.0.1:${setting("E2E_WHATSAPP_PORT")}`;
  // The Cloud API double answers there and posts statuses and answers to this store's webhook.
  const { startWhatsappDouble } = await import("../tests/fixtures/whatsapp-double.ts");
  await startWhatsappDouble({
    port: Number(setting("E2E_WHATSAPP_PORT")),
    webhookUrl: `${process.env.PUBLIC_URL}/api/webhooks/whatsapp`,
    autoSent: true,
  });
}
await import("../server.js");
