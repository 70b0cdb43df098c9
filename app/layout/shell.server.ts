import { getEnv } from "#app/.server/env.server.ts";
import type { StoreApiClient } from "#app/.server/store-api/index.server.ts";

/** Store-wide settings the shell shows (top bar, footer), from configuration. */
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
    return categories.map(({ title, slug }) => ({ title, slug }));
  } catch (error) {
    console.error("[shell] categorias indisponíveis", error);
    return [];
  }
}
