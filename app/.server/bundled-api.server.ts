import path from "node:path";
import { createStoreApi, type StoreApi } from "#api/app.ts";
import { EXPIRY_SWEEP_INTERVAL_MS, expireOverdueSales } from "#api/sales/sale-lifecycle.ts";
import { createMailWorker } from "#api/mail/mail-outbox.ts";
import type { ApiDeps } from "#api/deps.ts";
import { withJobLock } from "#api/job-locks.ts";
import { RECONCILE_INTERVAL_MS, reconcilePayments } from "#api/payments/reconciliation.ts";
import { createMailer } from "#api/mail/mailer.ts";
import { migrateToLatest, openDatabase } from "#db/client.ts";
import { seedDemoData } from "#db/seed/index.ts";
import { getEnv } from "./env.server.ts";
import { createPaymentGateway } from "./payment-gateway.server.ts";

let ready: Promise<StoreApi> | undefined;

/** `job` now and every `intervalMs`, without keeping the process alive; a failure is logged and the next run tries again. */
function every(intervalMs: number, label: string, job: () => Promise<void>): void {
  const run = () => job().catch((error: unknown) => console.error(`[vendas] falha ao ${label}:`, error));
  void run();
  setInterval(() => void run(), intervalMs).unref();
}

/**
 * Unpaid boletos past their clearing days become "expired" (api/sales/sale-lifecycle.ts), every
 * hour; sales the acquirer has news of are reconciled (api/payments/reconciliation.ts), every
 * minute. On several servers one runs each job at a time (api/job-locks.ts).
 */
function startPaymentJobs(deps: ApiDeps): void {
  every(EXPIRY_SWEEP_INTERVAL_MS, "expirar boletos e Pix vencidos", async () => {
    const run = await withJobLock(deps, "expire-boletos", EXPIRY_SWEEP_INTERVAL_MS, () => expireOverdueSales(deps));
    if (!run.skipped && run.result.length > 0)
      console.log(`[vendas] ${run.result.length} boleto(s) e Pix vencido(s) expirado(s)`);
  });
  every(RECONCILE_INTERVAL_MS, "conciliar pagamentos", async () => {
    const run = await reconcilePayments(deps);
    if (!("skipped" in run) && run.changes.length > 0)
      console.log(`[vendas] ${run.changes.length} pagamento(s) conciliado(s)`);
  });
}

/**
 * The bundled store API with its database: opened, migrated and (unless
 * SEED_DEMO_DATA=false) demo-seeded once per process, on first use.
 */
export function getBundledApi(): Promise<StoreApi> {
  ready ??= (async () => {
    const env = getEnv();
    const db = await openDatabase({ dataDir: env.dataDir, databaseUrl: env.DATABASE_URL });
    await migrateToLatest(db);
    if (env.SEED_DEMO_DATA === "true") await seedDemoData(db, { catalogueSize: env.SEED_CATALOGUE_SIZE });
    const mailer = createMailer({
      smtpUrl: env.SMTP_URL,
      outboxDir: path.join(env.dataDir, "outbox"),
      from: env.MAIL_FROM,
    });
    const now = () => new Date();
    // Queued e-mail is sent now, every poll, and right after each enqueue (0020-mail-outbox).
    const mailWorker = createMailWorker({ db, mailer, now });
    mailWorker.start();
    const deps: ApiDeps = {
      db,
      now,
      nudgeMail: mailWorker.nudge,
      publicUrl: env.publicUrl,
      gateway: createPaymentGateway(env, { db, now }),
      ...(env.mercadoPago ? { mercadoPagoWebhook: env.mercadoPago } : {}),
      pixExpiryMinutes: env.PIX_EXPIRY_MINUTES,
      supportEmail: env.CONTACT_EMAIL,
    };
    startPaymentJobs(deps);
    return createStoreApi(deps);
  })();
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}
