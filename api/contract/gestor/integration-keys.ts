/**
 * Integrações (issue 27; docs/decisions/0060-integration-keys.md): the keys with which the
 * school's academic ERP keeps the roster and the grades current. Admins only. The secret is in
 * the creation's reply and nowhere else, ever.
 */
import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { storeIdField, uuidParam } from "../fields.ts";

/** What a key may write: the enrolled students, the grades of each school year. */
export const INTEGRATION_SCOPES = ["roster", "grades"] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];
export const INTEGRATION_SCOPE_LABELS: Record<IntegrationScope, string> = {
  roster: "Alunos matriculados",
  grades: "Séries",
};

/** The prefix of every key's secret: tells it from a staff session's token at a glance. */
export const INTEGRATION_KEY_PREFIX = "lei_";

export const integrationKey = z.object({
  id: z.string(),
  label: z.string(),
  /** The secret's last 4 characters: "lei_…a1B2" in lists and in the log. */
  hint: z.string(),
  scopes: z.array(z.enum(INTEGRATION_SCOPES)),
  createdAt: z.string(),
  /** The creator's e-mail, or "linha de comando". */
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Who revoked it: an e-mail, or "linha de comando"; null while it is live. */
  revokedBy: z.string().nullable(),
});
export type IntegrationKey = z.infer<typeof integrationKey>;

export const integrationKeyFields = z.object({
  label: z
    .string({ message: "Dê um nome à chave." })
    .trim()
    .min(3, { message: "Dê um nome à chave, com pelo menos 3 letras." })
    .max(80, { message: "Nome longo demais: use até 80 caracteres." }),
  scopes: z
    .array(z.enum(INTEGRATION_SCOPES, { message: "Escolha o que a chave pode atualizar." }), {
      message: "Escolha o que a chave pode atualizar.",
    })
    .min(1, { message: "Escolha o que a chave pode atualizar." })
    .transform((scopes) => [...new Set(scopes)]),
});

const keyIdParams = z.object({ keyId: uuidParam("Chave de integração não encontrada.") });

export const gestorIntegrationKeys = {
  /** Bearer (admin). Every key of the store, live first, newest first. */
  list: endpoint({
    method: "GET",
    path: "/gestor/integration-keys",
    query: z.object({ storeId: storeIdField }),
    reply: z.object({ keys: z.array(integrationKey) }),
  }),
  /** Bearer (admin). A new key; `secret` is its only appearance. */
  create: endpoint({
    method: "POST",
    path: "/gestor/integration-keys",
    body: integrationKeyFields.extend({ storeId: storeIdField }),
    reply: z.object({ key: integrationKey, secret: z.string() }),
  }),
  /** Bearer (admin). From now on the key answers 401; revoking twice changes nothing. */
  revoke: endpoint({
    method: "POST",
    path: "/gestor/integration-keys/:keyId/revoke",
    params: keyIdParams,
    paramsNotFound: true,
    reply: z.object({ key: integrationKey }),
  }),
};
