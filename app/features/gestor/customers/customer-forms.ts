/** Clientes e estudantes' forms (docs/decisions/0031): one schema for the browser (Conform) and the action. */
import { z } from "zod";
import { unlinkReasonField } from "#api/contract/gestor/unlink-reason.ts";

export const UNLINK_INTENT = "unlink-student";

/** Ending a link needs its reason (kept in the audit log): the confirmation that works without JavaScript. */
export const unlinkSchema = z.object({
  intent: z.literal(UNLINK_INTENT),
  linkId: z.string().uuid(),
  reason: unlinkReasonField,
});

/** The directory's address: `?tipo=estudantes&q=…&pagina=2`. */
export const DIRECTORY_PARAMS = { kind: "tipo", q: "q", page: "pagina" } as const;
export const DIRECTORY_KINDS = { clientes: "Clientes", estudantes: "Estudantes" } as const;
export type DirectoryKind = keyof typeof DIRECTORY_KINDS;
