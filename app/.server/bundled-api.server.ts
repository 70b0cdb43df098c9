import path from "node:path";
import { createStoreApi, type StoreApi } from "#api/app.ts";
import { EXPIRY_SWEEP_INTERVAL_MS, expireOverdueSales } from "#api/sales/sale-lifecycle.ts";
import { createMailWorker } from "#api/mail/mail-outbox.ts";
import { createCloudApiClient } from "#api/messages/cloud-api-client.ts";
import { createWhatsappWorker } from "#api/messages/whatsapp-outbox.ts";
import { WHATSAPP_WEBHOOK_URL_PATH } from "#api/messages/webhook/routes.ts";
import type { ApiDeps } from "#api/deps.ts";
import { withJobLock } from "#api/job-locks.ts";
import { readCatalogueVersion } from "#api/catalogue-version.ts";
import { shopperVersionReader } from "#api/shopper-version.ts";
import { stockSnapshotReader, type StockKey } from "#api/stock/stock-snapshot.ts";
import { publishedListsSnapshotReader } from "#api/material-lists/published-lists.ts";
import { RECONCILE_INTERVAL_MS, reconcilePayments } from "#api/payments/reconciliation.ts";
import { createMailer } from "#api/mail/mailer.ts";
import { migrateToLatest, openDatabase, withSetupLock, type StoreDatabase } from "#db/client.ts";
import { databaseNotReadyReason } from "#db/readiness.ts";
import { sharedSessionSecret } from "#db/server-secrets.ts";
import { seedDemoData } from "#db/seed/index.ts";
import { resealTotpSecrets, type ResealReport } from "#api/gestor/staff/totp-secret-box.ts";
import { deleteExpiredUploads, UPLOAD_SWEEP_INTERVAL_MS } from "#api/gestor/roster/roster-uploads.ts";
import { pruneStockAlerts } from "#api/stock/alerts.ts";
import { expireSeatOffers, pruneWaitingList, SEAT_OFFER_SWEEP_INTERVAL_MS } from "#api/stock/waiting-list.ts";
import { REMINDER_INTERVAL_MS, sendReminders } from "#api/messages/reminders/reminders.ts";
import { getEnv } from "./env.server.ts";
import { createPaymentGateway } from "./payment-gateway.server.ts";
import { loadSharedRootSecret } from "./secrets.server.ts";
import { totpEncryptionKeys } from "./totp-keys.server.ts";

interface Running {
  api: StoreApi;
  db: StoreDatabase;
  /** Customers' versions, many pages' questions to one read (api/shopper-version.ts). */
  shopperVersion: (customerId: string) => Promise<number>;
  /** Items' stock now, many pages' questions to one read (api/stock/stock-snapshot.ts). */
  stockSnapshot: (keys: readonly StockKey[]) => Promise<string>;
  /** The published material lists now (api/material-lists/published-lists.ts). */
  listsSnapshot: () => Promise<string>;
  /** Stops the periodic jobs and the mail worker (graceful shutdown, docs/decisions/0034-operations.md). */
  stop: () => Promise<void>;
}

let ready: Promise<Running> | undefined;

/**
 * `job` now (or, `startNow` false, first after `intervalMs`) and every `intervalMs`, without
 * keeping the process alive; a failure is logged and the next run tries again. Answers a stop
 * that clears the timer and waits for a run under way.
 */
function every(
  intervalMs: number,
  label: string,
  job: () => Promise<void>,
  area = "vendas",
  startNow = true,
): () => Promise<void> {
  let current: Promise<void> = Promise.resolve();
  const run = () => {
    current = job().catch((error: unknown) => console.error(`[${area}] falha ao ${label}:`, error));
  };
  if (startNow) run();
  const timer = setInterval(run, intervalMs).unref();
  return () => {
    clearInterval(timer);
    return current;
  };
}

/**
 * Unpaid boletos past their clearing days become "expired" (api/sales/sale-lifecycle.ts), every
 * hour; sales the acquirer has news of are reconciled (api/payments/reconciliation.ts), every
 * minute. On several servers one runs each job at a time (api/job-locks.ts).
 */
function startPaymentJobs(deps: ApiDeps): (() => Promise<void>)[] {
  return [
    every(EXPIRY_SWEEP_INTERVAL_MS, "expirar boletos e Pix vencidos", async () => {
      const run = await withJobLock(deps, "expire-boletos", EXPIRY_SWEEP_INTERVAL_MS, () => expireOverdueSales(deps));
      if (!run.skipped && run.result.length > 0)
        console.log(`[vendas] ${run.result.length} boleto(s) e Pix vencido(s) expirado(s)`);
    }),
    every(RECONCILE_INTERVAL_MS, "conciliar pagamentos", async () => {
      const run = await reconcilePayments(deps);
      if (!("skipped" in run) && run.changes.length > 0)
        console.log(`[vendas] ${run.changes.length} pagamento(s) conciliado(s)`);
    }),
  ];
}

/**
 * Waiting lists' offers past their 24 hours end and their seats pass to the next parent in line
 * (api/stock/waiting-list.ts), every 5 minutes. On several servers one runs it at a time.
 */
function startSeatOfferSweep(deps: ApiDeps): () => Promise<void> {
  return every(
    SEAT_OFFER_SWEEP_INTERVAL_MS,
    "encerrar ofertas vencidas da lista de espera",
    async () => {
      const run = await withJobLock(deps, "expire-seat-offers", SEAT_OFFER_SWEEP_INTERVAL_MS, () =>
        expireSeatOffers(deps),
      );
      if (!run.skipped && run.result > 0)
        console.log(`[estoque] ${run.result} oferta(s) da lista de espera vencida(s): vagas passadas adiante`);
    },
    "estoque",
  );
}

/**
 * Roster files previewed in the gestor area and kept for their import are deleted after 24 hours
 * (api/gestor/roster/roster-uploads.ts), every hour. Deleting twice is harmless: no job lock.
 */
function startUploadSweep({ db, now }: ApiDeps): () => Promise<void> {
  return every(
    UPLOAD_SWEEP_INTERVAL_MS,
    "apagar arquivos de alunos vencidos",
    async () => {
      const deleted = await deleteExpiredUploads(db, now());
      if (deleted > 0) console.log(`[gestor] ${deleted} arquivo(s) de alunos vencido(s) apagado(s)`);
    },
    "gestor",
  );
}

const STOCK_ALERT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * What a shopper left with the store for a while goes when its time is up (docs/privacy.md):
 * "Avise-me" alerts (api/stock/alerts.ts) and the waiting list's ended places
 * (api/stock/waiting-list.ts), every hour. Deleting twice is harmless: no job lock.
 */
function startStockAlertSweep({ db, now }: ApiDeps): () => Promise<void> {
  return every(STOCK_ALERT_SWEEP_INTERVAL_MS, "apagar avisos e lugares da lista de espera vencidos", async () => {
    const alerts = await pruneStockAlerts(db, now());
    const places = await pruneWaitingList(db, now());
    if (alerts > 0) console.log(`[vendas] ${alerts} aviso(s) de estoque vencido(s) apagado(s)`);
    if (places > 0) console.log(`[vendas] ${places} lugar(es) encerrado(s) da lista de espera apagado(s)`);
  });
}

/**
 * The reminders of issue 31 (api/messages/reminders/reminders.ts), every minute; nothing in the
 * quiet hours. On several servers one runs it at a time. The first run waits a minute: nothing it
 * sends is urgent to the second, and at start the other jobs already write at once; one more there
 * made a SQLite writer on a second connection (better-sqlite3's busy_timeout waits synchronously)
 * wait twice, 5 s each (notify-me.server.test.ts's setup timed out).
 */
function startReminders(deps: ApiDeps): () => Promise<void> {
  return every(
    REMINDER_INTERVAL_MS,
    "enviar lembretes",
    async () => {
      const run = await withJobLock(deps, "message-reminders", REMINDER_INTERVAL_MS, () => sendReminders(deps));
      const queued = run.skipped ? 0 : Object.values(run.result.queued).reduce((sum, count) => sum + count, 0);
      if (queued > 0) console.log(`[mensagens] ${queued} lembrete(s) na fila`);
    },
    "mensagens",
    false,
  );
}

/**
 * The database opened, migrated, (unless SEED_DEMO_DATA=false) demo-seeded, and every staff
 * authenticator secret sealed with the newest key: clear ones from before sealing, older keys'
 * after a rotation (docs/decisions/0049).
 */
async function openPreparedDatabase(): Promise<StoreDatabase> {
  const env = getEnv();
  const databaseOptions = { dataDir: env.dataDir, databaseUrl: env.DATABASE_URL };
  const totpKeys = totpEncryptionKeys();
  const db = await openDatabase(databaseOptions);
  // Servers started at once on an empty database migrate and seed it once (0035).
  await withSetupLock(db, databaseOptions, async () => {
    await migrateToLatest(db);
    if (env.SEED_DEMO_DATA === "true") await seedDemoData(db, { catalogueSize: env.SEED_CATALOGUE_SIZE });
    reportResealed(await resealTotpSecrets(db, totpKeys));
  });
  return db;
}

function reportResealed({ sealed, resealed, unreadable }: ResealReport): void {
  if (sealed > 0) console.log(`[gestor] ${sealed} segredo(s) de autenticador da equipe cifrado(s)`);
  if (resealed > 0) console.log(`[gestor] ${resealed} segredo(s) de autenticador cifrado(s) de novo com a chave nova`);
  if (unreadable.length > 0)
    console.error(
      `[gestor] nenhuma chave de TOTP_ENCRYPTION_KEY abre o autenticador de ${unreadable.join(", ")}: volte a chave antiga (depois da nova) ou redefina a verificação em duas etapas dessas pessoas`,
    );
}

/**
 * For the primary of several worker processes (server/cluster.ts): migrates and seeds once,
 * before any worker opens the database, then closes it; the workers find it current.
 */
export async function prepareBundledDatabase(): Promise<void> {
  const db = await openPreparedDatabase();
  await db.destroy();
}

/**
 * The bundled store API with its database: opened, migrated and (unless
 * SEED_DEMO_DATA=false) demo-seeded once per process, on first use.
 */
export async function getBundledApi(): Promise<StoreApi> {
  return (await running()).api;
}

function running(): Promise<Running> {
  ready ??= (async () => {
    const env = getEnv();
    const db = await openPreparedDatabase();
    const now = () => new Date();
    await loadSharedRootSecret((offered) => sharedSessionSecret(db, now(), offered));
    const mailer = createMailer({
      smtpUrl: env.SMTP_URL,
      outboxDir: path.join(env.dataDir, "outbox"),
      from: env.MAIL_FROM,
    });
    // Queued e-mail is sent now, every poll, and right after each enqueue (0020-mail-outbox).
    const mailWorker = createMailWorker({ db, mailer, now });
    mailWorker.start();
    // Queued WhatsApp messages are sent the same way, when WhatsApp is on (issue 31, 0080).
    const whatsappWorker = env.whatsapp
      ? createWhatsappWorker({
          db,
          client: createCloudApiClient(env.whatsapp),
          now,
          quietHours: env.quietHours,
          nudgeMail: mailWorker.nudge,
        })
      : null;
    whatsappWorker?.start();
    if (whatsappWorker)
      console.log(
        `[whatsapp] ligado: mensagens pela Cloud API; webhook da Meta em ${env.publicUrl}${WHATSAPP_WEBHOOK_URL_PATH}`,
      );
    const deps: ApiDeps = {
      db,
      now,
      nudgeMail: mailWorker.nudge,
      publicUrl: env.publicUrl,
      gateway: createPaymentGateway(env, { db, now }),
      ...(env.mercadoPago ? { mercadoPagoWebhook: env.mercadoPago } : {}),
      pixExpiryMinutes: env.PIX_EXPIRY_MINUTES,
      supportEmail: env.CONTACT_EMAIL,
      totpKeys: totpEncryptionKeys(),
      quietHours: env.quietHours,
      ...(env.whatsapp
        ? {
            whatsapp: {
              appSecret: env.whatsapp.appSecret,
              verifyToken: env.whatsapp.verifyToken,
              nudge: whatsappWorker?.nudge,
            },
          }
        : {}),
    };
    const jobs = [
      ...startPaymentJobs(deps),
      startUploadSweep(deps),
      startStockAlertSweep(deps),
      startSeatOfferSweep(deps),
      startReminders(deps),
    ];
    const stop = async () => {
      await Promise.all([...jobs.map((stopJob) => stopJob()), mailWorker.stop(), whatsappWorker?.stop()]);
    };
    return {
      api: createStoreApi(deps),
      db,
      shopperVersion: shopperVersionReader(db),
      stockSnapshot: stockSnapshotReader(db, env.STORE_ID),
      listsSnapshot: publishedListsSnapshotReader(deps, env.STORE_ID),
      stop,
    };
  })();
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}

/** /readyz's answer for the bundled API: null when its database answers and is migrated. */
export async function bundledApiNotReadyReason(): Promise<string | null> {
  if (!ready) return "banco ainda não aberto";
  return databaseNotReadyReason((await ready).db);
}

/** Graceful shutdown: the periodic jobs and the mail worker stopped, then the database closed. */
export async function closeBundledApi(): Promise<void> {
  const current = ready;
  ready = undefined;
  if (!current) return;
  const { db, stop } = await current;
  await stop();
  await db.destroy();
}

/**
 * The bundled API's catalogue version (api/catalogue-version.ts), for the storefront's caches
 * (docs/decisions/0036-page-cache.md); null when the store API is another server's.
 */
export async function bundledCatalogueVersion(): Promise<number | null> {
  if (getEnv().STORE_API_URL) return null;
  return readCatalogueVersion((await running()).db);
}

/**
 * The bundled API's version of a customer (api/shopper-version.ts), for the page cache's read of
 * a logged-in parent's cart (docs/decisions/0086); null when the store API is another server's.
 */
export async function bundledShopperVersion(customerId: string): Promise<number | null> {
  if (getEnv().STORE_API_URL) return null;
  return (await running()).shopperVersion(customerId);
}

/**
 * The bundled API's stock of these items now (api/stock/stock-snapshot.ts), for the page cache's
 * product pages (docs/decisions/0087); null when the store API is another server's.
 */
export async function bundledStockSnapshot(keys: readonly StockKey[]): Promise<string | null> {
  if (getEnv().STORE_API_URL) return null;
  return (await running()).stockSnapshot(keys);
}

/** The bundled API's published material lists now, for the page cache (0087); null: another server's API. */
export async function bundledListsSnapshot(): Promise<string | null> {
  if (getEnv().STORE_API_URL) return null;
  return (await running()).listsSnapshot();
}
