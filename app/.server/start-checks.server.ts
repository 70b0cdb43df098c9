import type { Env } from "./env.server.ts";

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/**
 * What stops a start that would be a mistake in production, one line each:
 * - a store reachable from other machines must know its public address, or e-mails would
 *   send parents to http://localhost (PUBLIC_URL builds every absolute link);
 * - a store on a public https address must not be the demo by accident: the bundled API's
 *   demo seed has a known password and coupons, its sandbox gateway marks any valid card
 *   number as paid, and Mercado Pago's test credentials (TEST-…) move no money either.
 *   ALLOW_DEMO=true says it is on purpose (a staging site, a fair). Mercado Pago with
 *   production credentials and no demo seed needs nothing more;
 * - a store on a public https address with the bundled API mails every "Fale conosco" ticket,
 *   with the parent's data, to CONTACT_EMAIL: not to the demo's default address, which is no
 *   inbox of the operator's (docs/decisions/0023-support-tickets.md). ALLOW_DEMO=true exempts
 *   a staging site, as above;
 * - the acquirer is the bundled API's: against another store API (STORE_API_URL) that API
 *   charges, so PAYMENT_GATEWAY=mercadopago would be silently ignored.
 */
export function startProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.isProduction && !env.PUBLIC_URL && !LOOPBACK.has(env.HOST)) {
    problems.push(
      `PUBLIC_URL: defina o endereço público da loja (ex.: https://loja.escola.com.br) para ouvir em HOST=${env.HOST}; os links dos e-mails usam esse endereço.`,
    );
  }
  const bundledApi = !env.STORE_API_URL;
  const demo = [
    ...(env.PAYMENT_GATEWAY === "sandbox"
      ? ["o gateway de pagamento de testes (aprova qualquer cartão válido)"]
      : env.mercadoPago?.testMode
        ? ["credenciais de teste do Mercado Pago (TEST-…, nenhum dinheiro é cobrado)"]
        : []),
    ...(env.SEED_DEMO_DATA === "true" ? ["os dados de demonstração (SEED_DEMO_DATA=true)"] : []),
  ];
  if (bundledApi && env.publicUrl.startsWith("https://") && env.ALLOW_DEMO !== "true" && demo.length > 0) {
    problems.push(
      `ALLOW_DEMO: PUBLIC_URL é https, mas a API embutida usa ${demo.join(" e ")}; defina ALLOW_DEMO=true se for de propósito.`,
    );
  }
  if (bundledApi && env.publicUrl.startsWith("https://") && env.ALLOW_DEMO !== "true" && !env.contactEmailSet) {
    problems.push(
      "CONTACT_EMAIL: defina o e-mail da central de atendimento da loja; ele aparece no site e recebe as mensagens do Fale conosco (/atendimento).",
    );
  }
  if (!bundledApi && env.PAYMENT_GATEWAY !== "sandbox") {
    problems.push(
      "PAYMENT_GATEWAY: com STORE_API_URL quem cobra é a API externa; o gateway só vale para a API embutida. Remova PAYMENT_GATEWAY ou STORE_API_URL.",
    );
  }
  return problems;
}
