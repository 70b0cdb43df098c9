import type { Env } from "./env.server.ts";

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/**
 * What stops a start that would be a mistake in production, one line each:
 * - a store reachable from other machines must know its public address, or e-mails would
 *   send parents to http://localhost (PUBLIC_URL builds every absolute link);
 * - a store on a public https address must not be the demo by accident: the bundled API's
 *   demo seed has a known password and coupons, and its sandbox gateway marks any valid card
 *   number as paid. ALLOW_DEMO=true says it is on purpose (a staging site, a fair).
 */
export function startProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.isProduction && !env.PUBLIC_URL && !LOOPBACK.has(env.HOST)) {
    problems.push(
      `PUBLIC_URL: defina o endereço público da loja (ex.: https://loja.escola.com.br) para ouvir em HOST=${env.HOST}; os links dos e-mails usam esse endereço.`,
    );
  }
  const bundledApi = !env.STORE_API_URL;
  if (bundledApi && env.publicUrl.startsWith("https://") && env.ALLOW_DEMO !== "true") {
    problems.push(
      "ALLOW_DEMO: PUBLIC_URL é https, mas a API embutida usa o gateway de pagamento de testes (aprova qualquer cartão válido)" +
        (env.SEED_DEMO_DATA === "true" ? " e os dados de demonstração (SEED_DEMO_DATA=true)" : "") +
        "; defina ALLOW_DEMO=true se for de propósito.",
    );
  }
  return problems;
}
