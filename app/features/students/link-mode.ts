import { withLinkState } from "#app/lib/url-state.ts";

// Apart from the chooser: the product page's "Comprar" and the loaders need only these, and the
// chooser's forms are loaded when it opens (docs/decisions/0037-page-weight.md).
const LINK_MODES = ["escolha", "lista", "adicionar", "novo", "completo"] as const;
export type LinkMode = (typeof LINK_MODES)[number];
export const isLinkMode = (mode: unknown): mode is LinkMode => LINK_MODES.includes(mode as LinkMode);

/** The chooser's URL state below `basePath` (?vinculo=…&aluno=…). */
export function linkHref(basePath: string, mode: LinkMode, studentId?: string | null) {
  return withLinkState(basePath, mode, studentId);
}
