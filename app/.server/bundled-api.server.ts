import path from "node:path";
import { createStoreApi, type StoreApi } from "#api/app.ts";
import { createSandboxGateway } from "#api/payments/sandbox-gateway.ts";
import { createMailer } from "#api/mail/mailer.ts";
import { migrateToLatest, openDatabase } from "#db/client.ts";
import { seedDemoData } from "#db/seed/index.ts";
import { getEnv } from "./env.server.ts";

let ready: Promise<StoreApi> | undefined;

/**
 * The bundled store API with its database: opened, migrated and (unless
 * SEED_DEMO_DATA=false) demo-seeded once per process, on first use.
 */
export function getBundledApi(): Promise<StoreApi> {
  ready ??= (async () => {
    const env = getEnv();
    const db = await openDatabase({ dataDir: env.dataDir, databaseUrl: env.DATABASE_URL });
    await migrateToLatest(db);
    if (env.SEED_DEMO_DATA === "true") await seedDemoData(db);
    const mailer = createMailer({ smtpUrl: env.SMTP_URL, outboxDir: path.join(env.dataDir, "outbox"), from: env.MAIL_FROM });
    return createStoreApi({ db, now: () => new Date(), mailer, publicUrl: env.publicUrl, gateway: createSandboxGateway() });
  })();
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}
