import path from "node:path";
import { createStoreApi, type StoreApi } from "#api/app.ts";
import type { PaymentGateway } from "#api/payments/gateway.ts";
import { createMercadoPagoGateway } from "#api/payments/mercadopago/mercadopago-gateway.ts";
import { createSandboxGateway } from "#api/payments/sandbox-gateway.ts";
import { EXPIRY_SWEEP_INTERVAL_MS, expireOverdueBoletos } from "#api/sales/sale-lifecycle.ts";
import { createMailer } from "#api/mail/mailer.ts";
import { migrateToLatest, openDatabase } from "#db/client.ts";
import { seedDemoData } from "#db/seed/index.ts";
import { getEnv, type Env } from "./env.server.ts";

let ready: Promise<StoreApi> | undefined;

/** PAYMENT_GATEWAY's choice: Mercado Pago with its checked settings, or the sandbox (the default). */
export function createPaymentGateway(env: Pick<Env, "mercadoPago">): PaymentGateway {
  if (!env.mercadoPago) return createSandboxGateway();
  const { accessToken, publicKey, apiUrl, timeoutMs } = env.mercadoPago;
  return createMercadoPagoGateway({ accessToken, publicKey, baseUrl: apiUrl, timeoutMs });
}

/**
 * Unpaid boletos past their clearing days become "expired" (api/sales/sale-lifecycle.ts):
 * now and every hour. Several servers may sweep at once; the sweep is idempotent.
 */
function sweepOverdueBoletosHourly(deps: Parameters<typeof expireOverdueBoletos>[0]): void {
  const sweep = () =>
    expireOverdueBoletos(deps).then(
      (changes) => {
        if (changes.length > 0) console.log(`[vendas] ${changes.length} boleto(s) vencido(s) expirado(s)`);
      },
      (error: unknown) => console.error("[vendas] falha ao expirar boletos vencidos:", error),
    );
  void sweep();
  setInterval(() => void sweep(), EXPIRY_SWEEP_INTERVAL_MS).unref();
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
    if (env.SEED_DEMO_DATA === "true") await seedDemoData(db);
    const mailer = createMailer({
      smtpUrl: env.SMTP_URL,
      outboxDir: path.join(env.dataDir, "outbox"),
      from: env.MAIL_FROM,
    });
    const deps = { db, now: () => new Date(), mailer, publicUrl: env.publicUrl, gateway: createPaymentGateway(env) };
    sweepOverdueBoletosHourly(deps);
    return createStoreApi(deps);
  })();
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}
