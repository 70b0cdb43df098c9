import { getEnv } from "#app/.server/env.server.ts";

/** An address found by postal code (ViaCEP's fields, spec §7). */
export interface CepAddress {
  cep: string;
  state: string;
  city: string;
  neighborhood: string;
  street: string;
}

const TIMEOUT_MS = 3_000;

/**
 * Looks a CEP up in a ViaCEP-format service (CEP_API_URL). A malformed CEP, an unknown
 * one ({"erro": true}), a 400, a timeout or a network failure all give null: the lookup
 * is a convenience and its failure is silent (spec §8); the form stays usable.
 */
export async function lookupCep(cep: string, baseUrl = getEnv().CEP_API_URL): Promise<CepAddress | null> {
  const digits = cep.replace(/\D/g, "");
  if (digits.length !== 8) return null;
  try {
    const response = await fetch(`${baseUrl.replace(/\/+$/, "")}/ws/${digits}/json/`, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as Record<string, unknown>;
    if (body.erro === true || body.erro === "true" || typeof body.uf !== "string") return null;
    const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
    return {
      cep: digits,
      state: text(body.uf).toUpperCase(),
      city: text(body.localidade),
      neighborhood: text(body.bairro),
      street: text(body.logradouro),
    };
  } catch (error) {
    console.warn("[cep] consulta falhou:", error instanceof Error ? error.message : error);
    return null;
  }
}
