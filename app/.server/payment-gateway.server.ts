import type { PaymentGateway } from "#api/payments/gateway.ts";
import { createMercadoPagoGateway } from "#api/payments/mercadopago/mercadopago-gateway.ts";
import { createSandboxGateway } from "#api/payments/sandbox-gateway.ts";
import type { Env } from "./env.server.ts";

/** PAYMENT_GATEWAY's choice: Mercado Pago with its checked settings, or the sandbox (the default). */
export function createPaymentGateway(
  env: Pick<Env, "mercadoPago">,
  sandboxDeps: Parameters<typeof createSandboxGateway>[0],
): PaymentGateway {
  if (!env.mercadoPago) return createSandboxGateway(sandboxDeps);
  const { accessToken, publicKey, apiUrl, sdkUrl, timeoutMs } = env.mercadoPago;
  return createMercadoPagoGateway({ accessToken, publicKey, baseUrl: apiUrl, sdkUrl, timeoutMs });
}
