/** The account modal's tabs, as they appear in ?conta= (spec §2). */
export type AccountTab = "entrar" | "registrar" | "esqueci-a-senha";

export function accountTabOf(value: string | null): AccountTab | null {
  return value === "entrar" || value === "registrar" || value === "esqueci-a-senha" ? value : null;
}
