/** The account modal's tabs, as they appear in ?conta= (spec §2). */
export type AccountTab = "entrar" | "registrar" | "esqueci-a-senha";

export function accountTabOf(value: string | null): AccountTab | null {
  return value === "entrar" || value === "registrar" || value === "esqueci-a-senha" ? value : null;
}

/**
 * The pages that render the account modal themselves (/entrar, /registrar: a form's answer
 * without JavaScript). Their modal follows ?conta= (its tab links set it), so the shell adds
 * no second one.
 */
export const ACCOUNT_PAGES: ReadonlySet<string> = new Set(["/entrar", "/registrar"]);
