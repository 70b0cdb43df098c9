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
 * Why a lookup gave no address: the service does not know the CEP ({"erro": true}, a 400), or it
 * did not answer (a timeout, a network failure, a 5xx). The form says which (issue 25, point 14).
 */
export type CepLookupFailure = "unknown" | "unavailable";

/**
 * Looks a CEP up in a ViaCEP-format service (CEP_API_URL). A malformed CEP looks nothing up and
 * is "unknown". The lookup is a convenience: its failure leaves the form usable, and the address
 * is then typed by hand (docs/decisions/0025).
 */
export async function lookupCep(
  cep: string,
  baseUrl = getEnv().CEP_API_URL,
): Promise<{ address: CepAddress } | { failure: CepLookupFailure }> {
  const digits = cep.replace(/\D/g, "");
  if (digits.length !== 8) return { failure: "unknown" };
  try {
    const response = await fetch(`${baseUrl.replace(/\/+$/, "")}/ws/${digits}/json/`, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status >= 500) return { failure: "unavailable" };
    if (!response.ok) return { failure: "unknown" };
    const body = (await response.json()) as Record<string, unknown>;
    if (body.erro === true || body.erro === "true" || typeof body.uf !== "string") return { failure: "unknown" };
    const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
    return {
      address: {
        cep: digits,
        state: text(body.uf).toUpperCase(),
        city: text(body.localidade),
        neighborhood: text(body.bairro),
        street: text(body.logradouro),
      },
    };
  } catch (error) {
    console.warn("[cep] consulta falhou:", error instanceof Error ? error.message : error);
    return { failure: "unavailable" };
  }
}
