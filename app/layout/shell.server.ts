import { getEnv } from "#app/.server/env.server.ts";
import type { StoreApiClient } from "#app/.server/store-api/index.server.ts";

/**
 * Store-wide settings the shell shows (top bar, footer), from configuration. termsUrl is the
 * footer's "Termos & Condições" (spec §2: an address taken from configuration); the terms a
 * customer accepts come from the store API (storeTermsContracts).
 */
export function storeSettings() {
  const env = getEnv();
  return {
    phone: env.CONTACT_PHONE,
    email: env.CONTACT_EMAIL,
    address: env.STORE_ADDRESS,
    cnpj: env.STORE_CNPJ,
    legalName: env.STORE_LEGAL_NAME,
    termsUrl: env.TERMS_URL,
    social: { instagram: env.INSTAGRAM_URL, facebook: env.FACEBOOK_URL, youtube: env.YOUTUBE_URL },
  };
}

export type StoreSettings = ReturnType<typeof storeSettings>;

/** The category menu; a failing API leaves it empty (spec §8: network failures are only logged). */
export async function menuCategories(api: StoreApiClient) {
  try {
    const categories = await api.listCategories();
    return categories.map(({ title, slug, icon }) => ({ title, slug, icon }));
  } catch (error) {
    console.error("[shell] categorias indisponíveis", error);
    return [];
  }
}

/** How long the store's terms address is kept before the store API is asked again. */
export const TERMS_CACHE_MS = 5 * 60_000;
/** After a failure, the store API is asked again on a request this much later. */
const TERMS_RETRY_MS = 30_000;
let terms: { url: string; until: number } | undefined;

/**
 * The terms the customer accepts at sign-up and in "Aceitar Termos de Uso da plataforma.":
 * list-store-by-store-id's termsContracts (spec §7), kept a few minutes per process so a page
 * costs no call. While the store API does not answer (or answers no web address), the last
 * address it gave, else TERMS_URL (docs/decisions/0025-spec-fidelity.md).
 */
export async function storeTermsContracts(api: StoreApiClient, now = Date.now()): Promise<string> {
  if (terms && now < terms.until) return terms.url;
  try {
    const { termsContracts } = await api.getStore();
    if (!/^https?:\/\/\S+$/.test(termsContracts))
      throw new Error(`termsContracts não é um endereço web: ${termsContracts}`);
    terms = { url: termsContracts, until: now + TERMS_CACHE_MS };
  } catch (error) {
    console.error("[loja] termos de uso indisponíveis na API da loja; usando o último conhecido ou TERMS_URL", error);
    terms = { url: terms?.url ?? getEnv().TERMS_URL, until: now + TERMS_RETRY_MS };
  }
  return terms.url;
}
