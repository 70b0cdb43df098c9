/** The forms of Integrações: one schema for the browser (Conform) and the action. */
import { z } from "zod";
import { integrationKeyFields } from "#api/contract/gestor/integration-keys.ts";
import { confirmed } from "../staff/staff-forms.ts";

export const createKeySchema = integrationKeyFields;

export const revokeKeySchema = z.object({
  keyId: z.string().uuid({ message: "Chave de integração não encontrada." }),
  confirm: confirmed,
});
