// Starts the built store for the e2e suite on a fresh demo database.
import fs from "node:fs";
import path from "node:path";

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? ".tmp/e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.HOST = "127.0.0.1";
process.env.LOG_REQUESTS = "false";
process.env.COOKIE_SECURE = "false";
// Tests act as many shoppers: each sends its own X-Forwarded-For for the rate limits.
process.env.TRUST_PROXY = "true";
process.env.SESSION_SECRET ??= "e2e-secret-not-for-production";
// Links in e-mails point at this server.
process.env.PUBLIC_URL = `http://127.0.0.1:${process.env.PORT ?? 3999}`;
// The store mails through a real SMTP server on loopback; tests read it over HTTP
// (tests/e2e/mailbox.ts), on fixed ports so the test workers know where to look.
const { startMailbox } = await import("./e2e-mailbox.js");
const mailbox = await startMailbox({
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 3998),
  httpPort: Number(process.env.E2E_MAILBOX_PORT ?? 3997),
});
process.env.SMTP_URL = mailbox.smtpUrl;
// Postal codes are looked up in a ViaCEP double on loopback (Node 24 runs the .ts fixture as is).
const { startCepServer } = await import("../tests/fixtures/cep-server.ts");
const cepApi = await startCepServer(Number(process.env.E2E_CEP_PORT ?? 3996));
process.env.CEP_API_URL = cepApi.url;
await import("../server.js");
